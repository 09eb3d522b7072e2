import { isIP } from 'node:net';
import { z } from 'zod';

export const MAX_WORKERS = 64;
const WORKERS_RANGE_MESSAGE = `WORKERS must be a whole number from 1 to ${MAX_WORKERS}`;
export const WORKERS_EMBEDDED_MESSAGE =
  'WORKERS above 1 needs PostgreSQL (DATABASE_URL): the embedded database is open in one process only. Set DATABASE_URL, or WORKERS=1';
export const WORKERS_REDIS_MESSAGE =
  'WORKERS above 1 needs REDIS_URL: the processes pass realtime events and cache invalidations to each other through Redis. Set REDIS_URL, or WORKERS=1';

/** Environment of PRODUCT §2, validated once at start-up; nothing else reads process.env. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_URL must start with postgres:// or postgresql://' })
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'REDIS_URL must start with redis:// or rediss://' })
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'SMTP_URL must start with smtp:// or smtps://' })
    .optional(),
  MAIL_FROM: z.string().min(1).default('Group Fares <no-reply@localhost>'),
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be a URL such as https://portal.example.com' }).optional(),
  ADMIN_EMAIL: z.email({ error: 'ADMIN_EMAIL must be an e-mail address' }).default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(10, { error: 'ADMIN_PASSWORD must be at least 10 characters' }).default('Admin@12345'),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  APP_SECRET: z.string().min(32, { error: 'APP_SECRET must be at least 32 characters' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SERVER_TIMING: z.enum(['0', '1'], { error: 'SERVER_TIMING must be 0 or 1' }).default('0'),
  TRUST_PROXY: z
    .string()
    .refine((value) => parseTrustProxy(value) !== undefined, {
      error: 'TRUST_PROXY must be a hop count (1, 2...) or a comma-separated list of addresses or CIDRs (10.0.0.1,192.168.0.0/16)',
    })
    .optional(),
  WORKERS: z.coerce
    .number({ error: WORKERS_RANGE_MESSAGE })
    .int({ error: WORKERS_RANGE_MESSAGE })
    .min(1, { error: WORKERS_RANGE_MESSAGE })
    .max(MAX_WORKERS, { error: WORKERS_RANGE_MESSAGE })
    .default(1),
})
  // Several processes share one database and tell each other of writes and events (decision 033).
  .superRefine((env, ctx) => {
    if (env.WORKERS <= 1) return;
    if (env.DATABASE_URL === undefined) ctx.addIssue({ code: 'custom', path: ['WORKERS'], message: WORKERS_EMBEDDED_MESSAGE });
    if (env.REDIS_URL === undefined) ctx.addIssue({ code: 'custom', path: ['WORKERS'], message: WORKERS_REDIS_MESSAGE });
  });

function isAddressOrCidr(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || address === undefined) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: a hop count (how many proxies in front of the server append to X-Forwarded-For) or the
 * addresses/CIDRs of the proxies; undefined when the value is neither. Never `true` (trust any sender).
 */
export function parseTrustProxy(value: string): number | string[] | undefined {
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    return hops >= 1 && hops <= 10 ? hops : undefined;
  }
  const entries = trimmed.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  return entries.length > 0 && entries.every(isAddressOrCidr) ? entries : undefined;
}

export const DEFAULT_ADMIN_PASSWORD = 'Admin@12345';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** undefined: embedded PGlite under dataDir (or in memory when dataDir is 'memory://'). */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  adminEmail: string;
  adminPassword: string;
  seedDemo: boolean;
  /** undefined: generated once and kept in dataDir (see app-secret.ts). */
  appSecret: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * Proxies whose X-Forwarded-For is believed (Fastify's trustProxy): a hop count or addresses/CIDRs;
   * undefined trusts nobody and the client address is the socket's peer.
   */
  trustProxy: number | string[] | undefined;
  /** Each answer says how long the server took and whether the read cache answered (Server-Timing, decision 057). */
  serverTiming: boolean;
  /**
   * Server processes sharing the port (node:cluster, decision 033): 1 serves from this process; more need
   * DATABASE_URL and REDIS_URL (checked here).
   */
  workers: number;
  /** Built SPA to serve at `/`; undefined serves none (API-only tests). */
  webDistDir: string | undefined;
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined>, defaults: { webDistDir?: string } = {}): AppConfig {
  // Empty values count as unset, as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO === undefined ? e.DATABASE_URL === undefined : e.SEED_DEMO === '1',
    appSecret: e.APP_SECRET,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === undefined ? undefined : parseTrustProxy(e.TRUST_PROXY),
    serverTiming: e.SERVER_TIMING === '1',
    workers: e.WORKERS,
    webDistDir: defaults.webDistDir,
  };
}
