import { REALTIME_PATH } from '@portal/contract/notifications';
import { io } from 'socket.io-client';

/** The little the app needs of a realtime connection; tests give their own to feed events in. */
export type RealtimeConnection = {
  subscribe(event: string, handler: (payload: unknown) => void): void;
  close(): void;
};

export type ConnectRealtime = (token: string) => RealtimeConnection;

/**
 * Socket.IO to the same origin at /socket.io (PRODUCT §1; the dev server proxies it), authenticated by the
 * bearer token in the handshake. The server puts the socket in its user's room userchannel-{user_id} only.
 * Failures are not shown (000 §8: notification errors are logged only); socket.io retries on its own.
 */
export const connectRealtime: ConnectRealtime = (token) => {
  const socket = io({ path: REALTIME_PATH, auth: { token } });
  return {
    subscribe: (event, handler) => {
      socket.on(event, handler);
    },
    close: () => {
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
};
