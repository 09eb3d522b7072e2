import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Executor } from '../database.js';
import { files, type FileKind } from '../../modules/files/files.table.js';

export interface SeedFileTarget {
  /** DATA_DIR/uploads; undefined keeps only the rows (in-memory databases have nowhere to put bytes). */
  uploadsDir: string | undefined;
  createdBy: number;
}

export interface SeedFile {
  kind: FileKind;
  /** A slug unique within its kind, e.g. 'pia'. */
  name: string;
  bytes: Buffer;
  /** 'png' unless told (the committed demo banners are JPEG: demo-images.ts). */
  format?: 'png' | 'jpeg';
}

const FORMATS = { png: { extension: 'png', mime: 'image/png' }, jpeg: { extension: 'jpg', mime: 'image/jpeg' } } as const;

/**
 * Records a demo image in the files table and writes it where the storage module serves it from
 * (PRODUCT §1: DATA_DIR/uploads). Passports and visas are private, everything else public (PRODUCT §4).
 * The storage path is relative to the uploads root: `<visibility>/<kind>/<name>-<hash>.<png|jpg>`.
 */
export async function storeSeedFile(executor: Executor, target: SeedFileTarget, file: SeedFile): Promise<number> {
  const visibility = file.kind === 'passport' || file.kind === 'visa' ? 'private' : 'public';
  const { extension, mime } = FORMATS[file.format ?? 'png'];
  const digest = createHash('sha256').update(file.bytes).digest('hex').slice(0, 12);
  const storagePath = `${visibility}/${file.kind}/${file.name}-${digest}.${extension}`;
  if (target.uploadsDir) {
    const absolute = path.join(target.uploadsDir, ...storagePath.split('/'));
    await mkdir(path.dirname(absolute), { recursive: true });
    await writeFile(absolute, file.bytes);
  }
  const [row] = await executor
    .insert(files)
    .values({
      kind: file.kind,
      storagePath,
      originalName: `${file.name}.${extension}`,
      mime,
      size: file.bytes.length,
      visibility,
      createdBy: target.createdBy,
    })
    .returning({ id: files.id });
  return row!.id;
}
