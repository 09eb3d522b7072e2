import { ActionIcon, Box, Button, Group, Image, Modal, Slider, Text } from '@mantine/core';
import { IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useRef, useState, type PointerEvent, type WheelEvent } from 'react';
import type { ShownBanner } from '../api/get-banners';

/** 000 §9: zoom from 1 to 4 times, in steps of 0.1. */
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 4;
export const ZOOM_STEP = 0.1;

type Offset = { x: number; y: number };
const CENTRE: Offset = { x: 0, y: 0 };

const clampScale = (value: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(value * 10) / 10));

/** The image may move only as far as its zoomed edges reach the viewport's edges. */
function clampOffset(offset: Offset, scale: number, image: HTMLElement | null, viewport: HTMLElement | null): Offset {
  if (!image || !viewport) return CENTRE;
  const maxX = Math.max(0, (image.offsetWidth * scale - viewport.clientWidth) / 2);
  const maxY = Math.max(0, (image.offsetHeight * scale - viewport.clientHeight) / 2);
  return { x: Math.min(maxX, Math.max(-maxX, offset.x)), y: Math.min(maxY, Math.max(-maxY, offset.y)) };
}

function ZoomView({ banner }: { banner: ShownBanner }) {
  const [scale, setScale] = useState(ZOOM_MIN);
  const [offset, setOffset] = useState<Offset>(CENTRE);
  const drag = useRef<{ pointerId: number; startX: number; startY: number; from: Offset } | null>(null);
  const [dragging, setDragging] = useState(false);
  const viewportRef = useRef<HTMLDivElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);

  const zoomTo = (value: number) => {
    const next = clampScale(value);
    setScale(next);
    setOffset((current) => clampOffset(current, next, imageRef.current, viewportRef.current));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (scale === ZOOM_MIN) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, from: offset };
    setDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    const moved = { x: start.from.x + event.clientX - start.startX, y: start.from.y + event.clientY - start.startY };
    setOffset(clampOffset(moved, scale, imageRef.current, viewportRef.current));
  };
  const endDrag = () => {
    drag.current = null;
    setDragging(false);
  };
  const onWheel = (event: WheelEvent<HTMLDivElement>) => zoomTo(scale + (event.deltaY < 0 ? ZOOM_STEP : -ZOOM_STEP));

  return (
    <>
      <Group justify="center" gap="sm" px="md" py="xs" wrap="nowrap">
        <ActionIcon variant="default" size="lg" aria-label="Zoom out" disabled={scale <= ZOOM_MIN} onClick={() => zoomTo(scale - ZOOM_STEP)}>
          <IconZoomOut size={18} />
        </ActionIcon>
        <Slider
          thumbLabel="Zoom"
          min={ZOOM_MIN}
          max={ZOOM_MAX}
          step={ZOOM_STEP}
          value={scale}
          onChange={zoomTo}
          label={(value) => `${value.toFixed(1)}x`}
          w={{ base: 140, sm: 240 }}
        />
        <ActionIcon variant="default" size="lg" aria-label="Zoom in" disabled={scale >= ZOOM_MAX} onClick={() => zoomTo(scale + ZOOM_STEP)}>
          <IconZoomIn size={18} />
        </ActionIcon>
        <Text size="sm" fw={600} w={44} ta="right" aria-live="polite" data-testid="zoom-level">
          {Math.round(scale * 100)}%
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={() => zoomTo(ZOOM_MIN)} disabled={scale === ZOOM_MIN}>
          Reset
        </Button>
      </Group>
      <Box
        ref={viewportRef}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onWheel={onWheel}
        onDoubleClick={() => zoomTo(scale === ZOOM_MIN ? 2 : ZOOM_MIN)}
        bg="dark.8"
        style={{
          flex: 1,
          minHeight: 0,
          overflow: 'hidden',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          touchAction: 'none',
          cursor: scale === ZOOM_MIN ? 'zoom-in' : dragging ? 'grabbing' : 'grab',
        }}
      >
        <Image
          ref={imageRef}
          src={banner.image}
          alt={banner.name}
          draggable={false}
          fit="contain"
          maw="100%"
          mah="100%"
          w="auto"
          style={{
            transform: `translate(${offset.x}px, ${offset.y}px) scale(${scale})`,
            transition: dragging ? 'none' : 'transform 120ms ease-out',
            userSelect: 'none',
          }}
        />
      </Box>
    </>
  );
}

/** Fullscreen view of one banner (000 §2): zoom 1x to 4x in 0.1 steps by slider, buttons, wheel or double click; drag to pan. */
export function BannerZoomModal({ banner, onClose }: { banner: ShownBanner | null; onClose: () => void }) {
  return (
    <Modal
      opened={banner !== null}
      onClose={onClose}
      fullScreen
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={banner?.name}
      styles={{
        content: { display: 'flex', flexDirection: 'column' },
        body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', padding: 0 },
      }}
    >
      {/* Keyed by banner so each opens at 1x, centred. */}
      {banner ? <ZoomView key={banner.id} banner={banner} /> : null}
    </Modal>
  );
}
