import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { AspectRatio, Image, UnstyledButton } from '@mantine/core';
import type { EmblaCarouselType } from 'embla-carousel';
import { useEffect, useState } from 'react';
import type { ShownBanner } from '../api/get-banners';
import { BannerZoomModal } from './banner-zoom-modal';
import { BANNER_RATIO, CAROUSEL_INTERVAL_MS } from './banner-timing';

/**
 * The slides of the banner carousel (000 §2), advancing every 3 s and pausing while the pointer is over it or
 * a banner is zoomed; a click on a slide opens the fullscreen zoom view. Loaded on its own (with embla) once
 * there are banners to show, so the dashboard paints without it.
 * embla-carousel-autoplay is not installed, so a timer drives embla's scrollNext.
 */
export function BannerSlides({ banners }: { banners: ShownBanner[] }) {
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const [hovered, setHovered] = useState(false);
  const [zoomed, setZoomed] = useState<ShownBanner | null>(null);
  const slideCount = banners.length;

  useEffect(() => {
    if (!embla || hovered || zoomed || slideCount < 2) return;
    const timer = setInterval(() => embla.scrollNext(), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [embla, hovered, zoomed, slideCount]);

  return (
    <>
      <Carousel
        aria-label="Promotions"
        withIndicators={slideCount > 1}
        withControls={slideCount > 1}
        emblaOptions={{ loop: true }}
        getEmblaApi={setEmbla}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
        // A 24x24 touch target around the thin bar (WCAG 2.2 target size, issue 21 point 12): the padding is clipped
        // out of the painted background, the shadow follows the bar.
        styles={{
          indicator: {
            width: 25,
            height: 24,
            padding: '9px 0',
            backgroundClip: 'content-box',
            filter: 'drop-shadow(0 0 1px rgba(0, 0, 0, 0.6))',
          },
        }}
      >
        {banners.map((banner) => (
          <Carousel.Slide key={banner.id}>
            <UnstyledButton
              display="block"
              w="100%"
              aria-label={`Zoom ${banner.name}`}
              onClick={() => setZoomed(banner)}
              style={{ cursor: 'zoom-in' }}
            >
              <AspectRatio ratio={BANNER_RATIO}>
                <Image src={banner.image} alt={banner.name} fit="cover" />
              </AspectRatio>
            </UnstyledButton>
          </Carousel.Slide>
        ))}
      </Carousel>
      <BannerZoomModal banner={zoomed} onClose={() => setZoomed(null)} />
    </>
  );
}
