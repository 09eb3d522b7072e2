import { REALTIME_PATH } from '@portal/contract/notifications';
import type { Socket } from 'socket.io-client';

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
 * socket.io-client is loaded on the first connection, after the page has painted, not with the dashboard;
 * subscriptions made before it arrives are attached once the socket exists, and a close before then
 * cancels the connection.
 */
export const connectRealtime: ConnectRealtime = (token) => {
  const handlers: Array<[string, (payload: unknown) => void]> = [];
  let socket: Socket | null = null;
  let closed = false;

  import('socket.io-client')
    .then(({ io }) => {
      if (closed) return;
      // WebSocket only, as the server accepts (decision 033): with several server processes, HTTP long-polling
      // would send a session's requests to processes that do not know it.
      socket = io({ path: REALTIME_PATH, auth: { token }, transports: ['websocket'] });
      for (const [event, handler] of handlers) socket.on(event, handler);
    })
    .catch(() => {
      // A failed download of the client is not shown either (000 §8); the next session tries again.
    });

  return {
    subscribe: (event, handler) => {
      handlers.push([event, handler]);
      socket?.on(event, handler);
    },
    close: () => {
      closed = true;
      if (!socket) return;
      socket.removeAllListeners();
      socket.disconnect();
      socket = null;
    },
  };
};
