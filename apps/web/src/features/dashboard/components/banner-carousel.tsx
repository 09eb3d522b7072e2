import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { AspectRatio, Image, Skeleton, UnstyledButton } from '@mantine/core';
import { NO_DATA_FOUND_TEXT } from '@portal/contract/dashboard';
import { IconPhoto } from '@tabler/icons-react';
import type { EmblaCarouselType } from 'embla-carousel';
import { useEffect, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { useCarouselBanners, type ShownBanner } from '../api/get-banners';
import { BannerZoomModal } from './banner-zoom-modal';

/** 000 §9: the carousel moves on every 3000 ms. */
export const CAROUSEL_INTERVAL_MS = 3000;
/** The banners are wide strips (640 x 240 in the demo data); a fixed ratio keeps the column steady while loading. */
const BANNER_RATIO = 8 / 3;

/**
 * The banner carousel of the dashboard (000 §2): active banners, advancing every 3 s and pausing while the
 * pointer is over it or a banner is zoomed; a click on a slide opens the fullscreen zoom view.
 * embla-carousel-autoplay is not installed, so a timer drives embla's scrollNext.
 * Banner errors are ignored (000 §8): the carousel then shows as empty.
 */
export function BannerCarousel() {
  const banners = useCarouselBanners();
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const [hovered, setHovered] = useState(false);
  const [zoomed, setZoomed] = useState<ShownBanner | null>(null);
  const slideCount = banners.data?.length ?? 0;

  useEffect(() => {
    if (!embla || hovered || zoomed || slideCount < 2) return;
    const timer = setInterval(() => embla.scrollNext(), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [embla, hovered, zoomed, slideCount]);

  if (banners.isPending) {
    return (
      <AspectRatio ratio={BANNER_RATIO} aria-label="Loading banners" aria-busy>
        <Skeleton radius="md" />
      </AspectRatio>
    );
  }
  if (!banners.data || banners.data.length === 0) {
    return <EmptyState text={NO_DATA_FOUND_TEXT} icon={<IconPhoto size={26} stroke={1.5} />} />;
  }

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
        styles={{ indicator: { boxShadow: '0 0 2px rgba(0, 0, 0, 0.5)' } }}
      >
        {banners.data.map((banner) => (
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
