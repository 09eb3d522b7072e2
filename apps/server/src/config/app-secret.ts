import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from './config.js';

/**
 * APP_SECRET signs download links (PRODUCT §2). Unset, it is generated once and kept in DATA_DIR so links
 * stay valid across restarts; with an in-memory database (tests) a fresh one per process is enough.
 */
export async function resolveAppSecret(config: Pick<AppConfig, 'appSecret' | 'dataDir'>): Promise<string> {
  if (config.appSecret) return config.appSecret;
  if (config.dataDir === 'memory://') return randomBytes(48).toString('base64url');

  const file = path.join(config.dataDir, 'app-secret');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  await mkdir(config.dataDir, { recursive: true });
  // Readable by the server's user only: whoever holds it can forge download links.
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
