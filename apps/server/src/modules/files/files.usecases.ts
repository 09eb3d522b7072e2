import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_TYPES, MAX_UPLOAD_BYTES, type FormFile, type UploadType } from '@portal/contract/files';
import type { Executor } from '../../db/database.js';
import type { ServerPhases } from '../../plugins/server-timing.js';
import { ImageTooLargeError, reencodeImage, UnreadableImageError, type ReencodedImage } from '../../lib/images.js';
import { createFileTooLargeError, createFileTypeError, createImageTooLargeError, createUnreadableImageError } from './files.errors.js';
import { insertFileOrGetExisting } from './files.repository.js';
import type { FileKind, FileRow, NewFileRow } from './files.table.js';

const SIGNATURES: Array<{ type: UploadType; matches: (bytes: Uint8Array) => boolean }> = [
  { type: 'jpeg', matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { type: 'png', matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  // RIFF <4-byte size> WEBP
  { type: 'webp', matches: (b) => startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b.subarray(8), [0x57, 0x45, 0x42, 0x50]) },
  { type: 'pdf', matches: (b) => startsWith(b, [0x25, 0x50, 0x44, 0x46, 0x2d]) },
];

const MIME_TYPES: Record<UploadType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

const EXTENSIONS: Record<UploadType, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', pdf: 'pdf' };

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);
}

/** The type of a file by its first bytes (PRODUCT §4: "checked by content"); the declared type and name are not trusted. */
export function detectFileType(bytes: Uint8Array): UploadType | undefined {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.type;
}

/** Where uploads go and how their URLs start: app.uploadsDir (plugins/storage.ts) and config.publicUrl (PUBLIC_URL). */
export interface StorageContext {
  uploadsDir: string;
  publicUrl: string;
}

/** Passport and visa scans are private; logos, pictures and banners public (PRODUCT §4 "Files and documents"). */
export function getFileVisibility(kind: FileKind): 'public' | 'private' {
  return kind === 'passport' || kind === 'visa' ? 'private' : 'public';
}

/**
 * Public files are served by plugins/storage.ts at /uploads/public/… (PRODUCT §4). The URL is relative to the
 * site, so an image shows from whatever address the page was opened at (issue 16 point 3, decision 013);
 * PUBLIC_URL stays for what leaves the site: e-mail links and signed download links. Callers still pass
 * publicUrl, now unused here (removing it from every mapper and route is a follow-up).
 */
export function getPublicFileUrl({ storagePath }: { publicUrl?: string; storagePath: string }): string {
  return `/uploads/${storagePath}`;
}

/** The absolute path of a stored file; storage paths use forward slashes whatever the platform. */
export function resolveStoragePath({ uploadsDir, storagePath }: { uploadsDir: string; storagePath: string }): string {
  return path.join(uploadsDir, ...storagePath.split('/'));
}

/** A readable, safe stem from the uploader's file name ('PIA Logo (1).PNG' → 'pia-logo-1'); never used alone. */
function slugOf(filename: string, fallback: string): string {
  const stem = path.basename(filename).replace(/\.[^.]*$/, '');
  const slug = stem
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug || fallback;
}

async function readBytes(file: FormFile): Promise<{ bytes: Buffer; filename: string }> {
  if (file instanceof Blob) {
    // A Blob reaches the server only when a use case is called directly (scripts, tests).
    const name = (file as Blob & { name?: unknown }).name;
    return { bytes: Buffer.from(await file.arrayBuffer()), filename: typeof name === 'string' ? name : '' };
  }
  return { bytes: Buffer.isBuffer(file.data) ? file.data : Buffer.from(file.data), filename: file.filename };
}

async function exists(absolute: string): Promise<boolean> {
  try {
    await access(absolute);
    return true;
  } catch {
    return false;
  }
}

/** Writes through a temporary name and renames, so a half-written file is never served. */
async function writeAtomically(absolute: string, bytes: Uint8Array): Promise<void> {
  await mkdir(path.dirname(absolute), { recursive: true });
  const temporary = `${absolute}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, bytes, { flag: 'wx' });
    await rename(temporary, absolute);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

async function reencodeUpload(bytes: Buffer, type: Exclude<UploadType, 'pdf'>, field: string): Promise<ReencodedImage> {
  try {
    return await reencodeImage(bytes, type);
  } catch (error) {
    if (error instanceof ImageTooLargeError) throw createImageTooLargeError({ field });
    if (error instanceof UnreadableImageError) throw createUnreadableImageError({ field });
    throw error;
  }
}

/**
 * The checks every upload gets before anything is done with it (PRODUCT §3, §4): 413 over 2 MB, then 422 on
 * `field` when its content (magic bytes) is not one of `types`. Returns the bytes and the detected type.
 */
export async function checkUploadedFile({
  file,
  field,
  types = IMAGE_TYPES,
}: {
  file: FormFile;
  field: string;
  types?: readonly UploadType[];
}): Promise<{ bytes: Buffer; filename: string; type: UploadType }> {
  const { bytes, filename } = await readBytes(file);
  if (bytes.length > MAX_UPLOAD_BYTES) throw createFileTooLargeError();
  const type = detectFileType(bytes);
  if (!type || !types.includes(type)) throw createFileTypeError({ field, types });
  return { bytes, filename, type };
}

/** An uploaded file, what it is for and who sent it. */
export interface UploadInput {
  file: FormFile;
  kind: FileKind;
  /** The form field, for the 422 `errors` key and message ('The logo must be a file of type: …'). */
  field: string;
  userId: number | null;
  types?: readonly UploadType[];
}

/** An upload checked and ready to store: its final bytes, its content-addressed path and its files row. */
export interface PreparedUpload {
  bytes: Uint8Array;
  storagePath: string;
  row: NewFileRow;
}

/**
 * The CPU part of storing an upload, with no database and no disk (PRODUCT §1, §4): checks the size (413) and the
 * content's type by its magic bytes (422 on `field`), re-encodes an image to its pixels (422 when it does not
 * decode; issue 16.11) and names the result by its content: `<visibility>/<kind>/<name>-<sha256>.<ext>`.
 */
export async function prepareUploadedFile({
  file,
  kind,
  field,
  userId,
  types = IMAGE_TYPES,
  phases,
}: UploadInput & { phases?: ServerPhases | undefined }): Promise<PreparedUpload> {
  const { bytes: uploaded, filename, type } = await checkUploadedFile({ file, field, types });
  // Decision 046: an image's new bytes come with their SHA-256, both computed in the image worker.
  let bytes: Uint8Array;
  let sha256: string;
  if (type === 'pdf') {
    bytes = uploaded;
    sha256 = createHash('sha256').update(uploaded).digest('hex');
  } else {
    const image = await reencodeUpload(uploaded, type, field);
    ({ bytes, sha256 } = image);
    // Decision 059: the round trip to the image worker, and the worker's own part of it.
    if (phases) {
      phases.lap('image');
      phases.note('img-load', image.worker.loadMs);
      phases.note('img-work', image.worker.workMs);
    }
  }
  const visibility = getFileVisibility(kind);
  const digest = sha256.slice(0, 32);
  const storagePath = `${visibility}/${kind}/${slugOf(filename, kind.replaceAll('_', '-'))}-${digest}.${EXTENSIONS[type]}`;
  return {
    bytes,
    storagePath,
    row: {
      kind,
      storagePath,
      originalName: filename.slice(0, 255) || `${kind}.${EXTENSIONS[type]}`,
      mime: MIME_TYPES[type],
      size: bytes.length,
      visibility,
      createdBy: userId,
    },
  };
}

/** Writes a prepared upload's bytes unless they are there already (same name, same bytes: content-addressed). */
export async function writePreparedUpload({ uploadsDir, upload }: { uploadsDir: string; upload: PreparedUpload }): Promise<void> {
  const absolute = resolveStoragePath({ uploadsDir, storagePath: upload.storagePath });
  if (!(await exists(absolute))) await writeAtomically(absolute, upload.bytes);
}

/**
 * Stores one uploaded file and returns its files row (PRODUCT §1, §4): prepareUploadedFile (checks before anything
 * is written), writePreparedUpload, then the files row inserted with `db`, which may be the caller's transaction (or
 * the row of the same bytes stored before under the same name: one file, used by both records).
 *
 * Call it after the caller's own checks (not found, duplicates), inside its transaction. If that transaction
 * later rolls back, the bytes stay on disk without a row: an orphan nobody links to, harmless, and reused if
 * the same file is uploaded again. Deleting it instead could race with a concurrent upload of the same bytes
 * and leave that upload's row without its file, which is worse. A sweeper can compare the folder with the table later.
 */
export async function saveUploadedFile({
  db,
  uploadsDir,
  ...input
}: UploadInput & { db: Executor; uploadsDir: string }): Promise<FileRow> {
  const upload = await prepareUploadedFile(input);
  await writePreparedUpload({ uploadsDir, upload });
  return insertFileOrGetExisting({ db, file: upload.row });
}

/**
 * While `npm run backup` runs it keeps a file `.backup-running-<id>` in the uploads root (ops/backup.ts,
 * decision 019). The backup takes the database first and links the uploads second; a file whose row is in the
 * database snapshot but that a later change deleted in between would be missing from the backup. So while such
 * a marker is fresh, stored files are not deleted: they stay as orphans (harmless, see saveUploadedFile). The
 * backup touches its marker every few seconds; one older than BACKUP_MARKER_STALE_MS was left by a backup that
 * died and is ignored.
 */
export const BACKUP_MARKER_PREFIX = '.backup-running-';
export const BACKUP_MARKER_STALE_MS = 10 * 60_000;

async function isBackupRunning(uploadsDir: string): Promise<boolean> {
  const names = await readdir(uploadsDir).catch(() => [] as string[]);
  for (const name of names.filter((entry) => entry.startsWith(BACKUP_MARKER_PREFIX))) {
    const modified = await stat(path.join(uploadsDir, name)).then(
      (stats) => stats.mtimeMs,
      () => 0,
    );
    if (Date.now() - modified < BACKUP_MARKER_STALE_MS) return true;
  }
  return false;
}

/** Deletes a stored file's bytes (the caller checked that no row uses them), unless a backup is running. */
export async function removeStoredFile({ uploadsDir, storagePath }: { uploadsDir: string; storagePath: string }): Promise<void> {
  if (await isBackupRunning(uploadsDir)) return;
  await rm(resolveStoragePath({ uploadsDir, storagePath }), { force: true });
}
