import { Button, Group, Image, Modal } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSession } from '@/lib/session';
import { usePopupBanner, type PopupBanner } from '../api/get-popup-banner';
import {
  hidePopupForever,
  isBannerClosed,
  isPopupHiddenForever,
  isPopupSeen,
  markPopupSeen,
  POPUP_SEEN_DELAY_MS,
  storeBannerClosed,
} from '../popup-storage';

/**
 * The banner popup over the dashboard shell (000 §2 "blocking modals", §4, §9): the latest active banner of
 * allbanners-list (get-popup-banner.ts); nothing when there is none or the call fails.
 *
 * Timing, with the local-storage keys of popup-storage.ts (decision 021):
 * - A banner shows once per user and version: once this user has closed it, it does not come back, in this
 *   session or a later one, until an admin edits it (its updated_at moves) or a newer banner takes its place.
 *   The seeds' re-show 1 hour after closing made it open in every working session (issue 21 §11).
 * - A 6-second timer, started when it shows, sets the "seen" flag. With that flag set (now or on any later
 *   showing) the popup offers 'Don't show again', which sets the permanent-hide flag.
 * It waits while the forced password change or the WhatsApp verification is pending: those come first.
 */
export function BannerPopup() {
  const session = useSession();
  // Hidden for good ('Don't show again'): no banner is even asked for.
  const blocked = !session || session.change_password || session.w_verified || isPopupHiddenForever();
  const banner = usePopupBanner({ enabled: !blocked });
  if (blocked || !banner.data || isBannerClosed(session.user_id, banner.data)) return null;
  // Another user, banner or version is a new dialog, opened afresh.
  const key = `${session.user_id}:${banner.data.id}@${banner.data.updated_at}`;
  return <BannerPopupDialog key={key} banner={banner.data} userId={session.user_id} />;
}

/** The popup itself with its timing; BannerPopup decides which banner, if any, and for whom. */
export function BannerPopupDialog({ banner, userId }: { banner: PopupBanner; userId: number }) {
  const [opened, setOpened] = useState(true);
  const [seen, setSeen] = useState(isPopupSeen);

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
    storeBannerClosed(userId, banner);
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
