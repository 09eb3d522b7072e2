import { AspectRatio, Skeleton } from '@mantine/core';
import { NO_DATA_FOUND_TEXT } from '@portal/contract/dashboard';
import { IconPhoto } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { EmptyState } from '@/components/empty-state';
import { useCarouselBanners } from '../api/get-banners';
import { BANNER_RATIO } from './banner-timing';

export { CAROUSEL_INTERVAL_MS } from './banner-timing';

/** The carousel itself (embla) loads after the dashboard has painted, once there are banners to show. */
const BannerSlides = lazy(() => import('./banner-slides').then((module) => ({ default: module.BannerSlides })));

function BannersLoading() {
  return (
    <AspectRatio ratio={BANNER_RATIO} aria-label="Loading banners" aria-busy>
      <Skeleton radius="md" />
    </AspectRatio>
  );
}

/**
 * The banner carousel of the dashboard (000 §2): active banners, advancing every 3 s and pausing while the
 * pointer is over it or a banner is zoomed; a click on a slide opens the fullscreen zoom view (banner-slides.tsx).
 * Banner errors are ignored (000 §8): the carousel then shows as empty.
 */
export function BannerCarousel() {
  const banners = useCarouselBanners();

  if (banners.isPending) return <BannersLoading />;
  if (!banners.data || banners.data.length === 0) {
    return <EmptyState text={NO_DATA_FOUND_TEXT} icon={<IconPhoto size={26} stroke={1.5} />} />;
  }

  return (
    <Suspense fallback={<BannersLoading />}>
      <BannerSlides banners={banners.data} />
    </Suspense>
  );
}
