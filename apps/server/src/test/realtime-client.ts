import { io, type Socket } from 'socket.io-client';

// Test-only: a real socket.io-client against a listening server (issue 6 realtime tests).

export interface TestSocket {
  socket: Socket;
  /** Every event received so far: [event name, payload]. */
  events: Array<[string, unknown]>;
  /** Resolves with the payload of the first `event` received (already or later); rejects after `timeoutMs`. */
  waitFor(event: string, timeoutMs?: number): Promise<unknown>;
  close(): void;
}

/** Connects with the token in `auth` (as the web app does) or as an `Authorization` header; resolves once connected. */
export async function connectSocket(
  baseUrl: string,
  { token, via = 'auth' }: { token: string; via?: 'auth' | 'header' },
): Promise<TestSocket> {
  const socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(via === 'auth' ? { auth: { token } } : { extraHeaders: { authorization: `Bearer ${token}` } }),
  });
  const events: Array<[string, unknown]> = [];
  const waiters: Array<{ event: string; resolve: (payload: unknown) => void }> = [];
  socket.onAny((event: string, payload: unknown) => {
    events.push([event, payload]);
    for (const waiter of waiters.filter((item) => item.event === event)) waiter.resolve(payload);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
  return {
    socket,
    events,
    waitFor(event, timeoutMs = 10_000) {
      const seen = events.find(([name]) => name === event);
      if (seen) return Promise.resolve(seen[1]);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms; got ${JSON.stringify(events)}`)), timeoutMs);
        waiters.push({
          event,
          resolve: (payload) => {
            clearTimeout(timer);
            resolve(payload);
          },
        });
      });
    },
    close: () => {
      socket.close();
    },
  };
}

/** The error a refused handshake ends with (connect_error), or 'connected' if it was let in. */
export async function tryConnect(baseUrl: string, auth: Record<string, unknown>): Promise<string> {
  const socket = io(baseUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, auth });
  try {
    return await new Promise<string>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (error) => resolve(error.message));
    });
  } finally {
    socket.close();
  }
}
