import { createAdapter } from '@socket.io/redis-adapter';
import { REALTIME_PATH, userChannel, userEvent } from '@portal/contract/notifications';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import { authenticateToken, type AuthUser } from '../modules/auth/auth.usecases.js';
import type { Notifier } from '../modules/notifications/notifier.js';
import { createStoreAndPushNotifier } from '../modules/notifications/store-and-push-notifier.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stores and pushes notifications (PRODUCT §4). */
    notifier: Notifier;
    /** The Socket.IO server on app.server at /socket.io (PRODUCT §1 realtime). */
    io: Server;
    /**
     * Closes the open sockets of ended sessions, in every process (Redis adapter): one token's (logout), or all of
     * a user's but maybe one token's (password change, reset, rejection, deletion, deactivation; issue 16 point 5).
     */
    disconnectSessions(target: { tokenId: number } | { userId: number; exceptTokenId?: number }): void;
  }
}

/** How long start-up waits for REDIS_URL before giving up with a clear message. */
const REDIS_CONNECT_TIMEOUT_MS = 10_000;
export const UNAUTHENTICATED_SOCKET_MESSAGE = 'Unauthenticated.';
/** Between server processes (Redis adapter): "my data changed, drop your cached reads". */
const DATA_CHANGED_EVENT = 'portal:data-changed';

/** The room of the sockets opened with one token, so that its logout closes exactly them. */
export function sessionRoom(tokenId: number): string {
  return `session-${tokenId}`;
}

/** The handshake's bearer token: `auth.token` (what the web app sends) or an `Authorization: Bearer` header. */
function readHandshakeToken(socket: Socket): string | undefined {
  const fromAuth: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
  if (typeof fromAuth === 'string' && fromAuth.trim() !== '') return fromAuth.trim();
  const header = socket.handshake.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

function describeRedis(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '6379'}`;
}

/** Pub and sub clients for the adapter (the sub client is a duplicate, as the adapter requires); close() quits both. */
async function connectRedisAdapter(app: FastifyInstance, url: string): Promise<{ adapter: ReturnType<typeof createAdapter>; close: () => Promise<void> }> {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  // node-redis reconnects on its own; the 'error' listener keeps a lost connection from crashing the process,
  // and logging only the first error of an outage keeps the log readable.
  for (const [role, client] of [['pub', pub], ['sub', sub]] as const) {
    let down = false;
    client.on('error', (error: Error) => {
      if (!down) app.log.error({ err: error, redis: role }, 'realtime: Redis connection error');
      down = true;
    });
    client.on('ready', () => {
      if (down) app.log.info({ redis: role }, 'realtime: Redis connection restored');
      down = false;
    });
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      Promise.all([pub.connect(), sub.connect()]),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`realtime: cannot reach Redis at ${describeRedis(url)}; check REDIS_URL, or unset it to run one process`)),
          REDIS_CONNECT_TIMEOUT_MS,
        );
      }),
    ]);
  } catch (error) {
    pub.destroy();
    sub.destroy();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return {
    adapter: createAdapter(pub, sub),
    close: async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}

/**
 * Socket.IO on the app's HTTP server at /socket.io (PRODUCT §1), WebSocket transport only. Engine.IO answers only its own path and
 * hands every other request to Fastify, so the API and the SPA fallback are untouched; `app.inject` never
 * reaches it. With REDIS_URL the Redis adapter carries every emit to the sockets of the other processes.
 *
 * A socket is admitted only with a live bearer token (the same check as the API) and joins its own
 * room userchannel-{user_id}, nothing else (000 §7; PRODUCT §4 scope).
 */
export async function registerRealtime(app: FastifyInstance): Promise<void> {
  // WebSocket only (decision 033): with WORKERS > 1 each connection goes to one process for its whole life, where
  // HTTP long-polling would need sticky sessions (its requests reach whichever process node:cluster picks).
  const io = new Server(app.server, { path: REALTIME_PATH, serveClient: false, transports: ['websocket'] });

  let closeRedis: (() => Promise<void>) | undefined;
  if (app.config.redisUrl) {
    const redis = await connectRedisAdapter(app, app.config.redisUrl);
    io.adapter(redis.adapter);
    closeRedis = redis.close;
    // The other processes' caches must hear of this process's writes, and this one of theirs (decision 009).
    // The scopes travel with the signal (decision 040), so another process drops only what the write changed;
    // anything but a list of strings is heard as a change of everything.
    app.dataChanges.addPeerBroadcast((scopes) => io.serverSideEmit(DATA_CHANGED_EVENT, scopes));
    io.on(DATA_CHANGED_EVENT, (scopes: unknown) =>
      app.dataChanges.changedElsewhere(Array.isArray(scopes) && scopes.every((scope) => typeof scope === 'string') ? scopes : null),
    );
  }

  io.use((socket, next) => {
    const token = readHandshakeToken(socket);
    const check: Promise<AuthUser | null> = token && token.length <= 200 ? authenticateToken({ db: app.db, token }) : Promise.resolve(null);
    check.then(
      (user) => {
        // Until a forced password change is done nothing but that change is served (issue 16 point 6).
        if (!user || user.changePassword) return next(new Error(UNAUTHENTICATED_SOCKET_MESSAGE));
        socket.data.userId = user.id;
        socket.data.tokenId = user.tokenId;
        return next();
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'realtime: could not authenticate a socket');
        next(new Error(UNAUTHENTICATED_SOCKET_MESSAGE));
      },
    );
  });

  io.on('connection', (socket) => {
    void socket.join([userChannel(socket.data.userId as number), sessionRoom(socket.data.tokenId as number)]);
  });

  app.decorate('io', io);
  app.decorate('disconnectSessions', (target: { tokenId: number } | { userId: number; exceptTokenId?: number }) => {
    if ('tokenId' in target) {
      io.in(sessionRoom(target.tokenId)).disconnectSockets(true);
      return;
    }
    const sockets = io.in(userChannel(target.userId));
    (target.exceptTokenId === undefined ? sockets : sockets.except(sessionRoom(target.exceptTokenId))).disconnectSockets(true);
  });
  app.decorate(
    'notifier',
    createStoreAndPushNotifier({
      db: app.db,
      publicUrl: app.config.publicUrl,
      logger: app.log,
      push: (userId, event) => {
        // The client refetches its badge and lists on this event: it must not get a cached answer from before.
        app.dataChanges.changed();
        io.to(userChannel(userId)).emit(userEvent(userId), event);
      },
    }),
  );

  // Open sockets would keep the HTTP server from closing: drop this process's sockets before Fastify closes it.
  // io.close() is not used: it closes the HTTP server too, which is Fastify's to close.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await closeRedis?.();
  });
}
