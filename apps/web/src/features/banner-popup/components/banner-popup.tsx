import { Button, Group, Image, Modal } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSession } from '@/lib/session';
import { usePopupBanner, type PopupBanner } from '../api/get-popup-banner';
import {
  hidePopupForever,
  isPopupHiddenForever,
  isPopupSeen,
  markPopupSeen,
  popupWaitMs,
  POPUP_SEEN_DELAY_MS,
  storePopupClosedAt,
} from '../popup-storage';

/**
 * The banner popup over the dashboard shell (000 §2 "blocking modals", §4, §9): the first active banner of
 * allbanners-list; nothing when there is none or the call fails.
 *
 * Timing (000 §4), with the local-storage keys of popup-storage.ts:
 * - It shows unless the permanent-hide flag is set or it was closed less than 1 hour ago. Closing stores the
 *   close time; when the hour is up it shows again, also on a page left open.
 * - A 6-second timer, started when it shows, sets the "seen" flag. With that flag set (now or on any later
 *   showing) the popup offers 'Don't show again', which sets the permanent-hide flag.
 * It waits while the forced password change or the WhatsApp verification is pending: those come first.
 */
export function BannerPopup() {
  const session = useSession();
  // Hidden for good ('Don't show again'): no banner is even asked for.
  const blocked = !session || session.change_password || session.w_verified || isPopupHiddenForever();
  const banner = usePopupBanner({ enabled: !blocked });
  if (blocked || !banner.data) return null;
  return <BannerPopupDialog banner={banner.data} />;
}

/** The popup itself with its timing; BannerPopup decides which banner, if any. */
export function BannerPopupDialog({ banner }: { banner: PopupBanner }) {
  const [opened, setOpened] = useState(() => popupWaitMs(Date.now()) === 0);
  const [seen, setSeen] = useState(isPopupSeen);

  // Closed less than an hour ago: show again when the hour is up.
  useEffect(() => {
    if (opened) return;
    const wait = popupWaitMs(Date.now());
    if (wait === null) return;
    const timer = setTimeout(() => setOpened(popupWaitMs(Date.now()) === 0), wait);
    return () => clearTimeout(timer);
  }, [opened]);

  // 000 §4, §9: the 6-second timer.
  useEffect(() => {
    if (!opened || seen) return;
    const timer = setTimeout(() => {
      markPopupSeen();
      setSeen(true);
    }, POPUP_SEEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [opened, seen]);

  const close = () => {
    storePopupClosedAt(Date.now());
    setOpened(false);
  };

  const hideForever = () => {
    hidePopupForever();
    close();
  };

  return (
    <Modal opened={opened} onClose={close} title={banner.name} size="lg" centered closeButtonProps={{ 'aria-label': 'Close banner' }}>
      <Image src={banner.image} alt={banner.name} radius="md" fit="contain" mah="70vh" />
      <Group justify="flex-end" mt="md" gap="xs">
        {seen ? (
          <Button variant="subtle" color="gray" onClick={hideForever}>
            Don&apos;t show again
          </Button>
        ) : null}
        <Button onClick={close}>Close</Button>
      </Group>
    </Modal>
  );
}
