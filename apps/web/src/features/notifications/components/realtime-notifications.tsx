import type { Session } from '@portal/contract/auth';
import { notificationEventSchema, userEvent } from '@portal/contract/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { refreshBookingData } from '@/lib/booking-data';
import { notificationsQueryKey } from '../api/get-notifications';
import { connectRealtime, type ConnectRealtime } from '../api/realtime';
import { notificationTarget, showNotificationToast } from './notification-toast';

type RealtimeNotificationsProps = {
  session: Pick<Session, 'token' | 'user_id'> | null;
  /** The real socket by default; tests pass a fake to feed events in. */
  connect?: ConnectRealtime;
};

/**
 * While a session exists, listens on userchannel-{user_id} for userevent-{user_id} (000 §7): each event shows
 * the toast and refreshes the badge and the Notifications page, and the booking data on screen: every event is
 * about a booking (PRODUCT §4: booked, confirmed, cancelled, paid, hold moved), so an agent's list shows the
 * admin's confirmation with its toast (issue 21 §6, decision 021). Logout clears the session, so the connection
 * closes (000 §4: logout unsubscribes); a new token opens a new one.
 */
export function RealtimeNotifications({ session, connect = connectRealtime }: RealtimeNotificationsProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  });
  const token = session?.token ?? null;
  const userId = session?.user_id ?? null;

  useEffect(() => {
    if (!token || userId === null) return undefined;
    const connection = connect(token);
    connection.subscribe(userEvent(userId), (payload) => {
      const parsed = notificationEventSchema.safeParse(payload);
      if (!parsed.success) return;
      showNotificationToast(parsed.data, { onOpen: () => void navigateRef.current(notificationTarget(parsed.data)) });
      void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
      void refreshBookingData(queryClient);
    });
    return () => connection.close();
  }, [token, userId, connect, queryClient]);

  return null;
}
