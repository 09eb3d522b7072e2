/**
 * Turns the flat name/value pairs of a form (multipart or url-encoded) into the object a JSON
 * client would send, so one zod schema validates both (PRODUCT §3: "arrays as `name[]`").
 * `tags[]=a&tags[]=b` → {tags: ['a', 'b']}; `p[0][name]=x` → {p: [{name: 'x'}]}; `a[b]=c` → {a: {b: 'c'}}.
 */

/** A file part of a multipart body, held in memory (at most the upload limit, 2 MB). */
export interface UploadedFile {
  kind: 'file';
  fieldname: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return typeof value === 'object' && value !== null && (value as UploadedFile).kind === 'file';
}

type FormValue = string | UploadedFile;
type Container = Record<string, unknown> | unknown[];

// Keys that would reach Object.prototype through a crafted field name.
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);

function splitKey(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0 || !key.endsWith(']')) return [key];
  const segments = [key.slice(0, open)];
  const rest = key.slice(open);
  const pattern = /\[([^[\]]*)\]/g;
  let consumed = 0;
  for (let match = pattern.exec(rest); match; match = pattern.exec(rest)) {
    if (match.index !== consumed) return [key];
    segments.push(match[1] ?? '');
    consumed = match.index + match[0].length;
  }
  return consumed === rest.length ? segments : [key];
}

function assign(container: Container, segments: string[], value: FormValue): void {
  const [head, ...tail] = segments;
  if (head === undefined || FORBIDDEN_SEGMENTS.has(head)) return;
  if (Array.isArray(container)) {
    const index = head === '' ? container.length : Number(head);
    if (!Number.isInteger(index) || index < 0 || index > 10_000) return;
    if (tail.length === 0) {
      container[index] = value;
      return;
    }
    container[index] = childFor(container[index], tail[0] ?? '');
    assign(container[index] as Container, tail, value);
    return;
  }
  if (tail.length === 0) {
    const existing = container[head];
    // A repeated plain name collects its values, as a JSON array would carry them.
    if (existing === undefined) container[head] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else container[head] = [existing, value];
    return;
  }
  container[head] = childFor(container[head], tail[0] ?? '');
  assign(container[head] as Container, tail, value);
}

function childFor(existing: unknown, nextSegment: string): Container {
  if (typeof existing === 'object' && existing !== null && !isUploadedFile(existing)) return existing as Container;
  return nextSegment === '' || /^\d+$/.test(nextSegment) ? [] : {};
}

export function formEntriesToObject(entries: Iterable<[string, FormValue]>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of entries) assign(body, splitKey(key), value);
  return body;
}

/**
 * The dotted path of the first text holding a NUL character (`passengers.0.firstname`), or undefined. PostgreSQL
 * text cannot hold one, so such input must be refused before it reaches a query (issue 16.9). Files are skipped:
 * their bytes are checked by content where they are used.
 */
export function findNulText(value: unknown): string | undefined {
  const path = findNulPath(value);
  return path === undefined ? undefined : path.join('.') || 'body';
}

/**
 * The keys down to the first NUL, [] for the value itself. It runs on every request's body, query and params, so it
 * builds nothing until it finds one (issue 20 point 2).
 */
function findNulPath(value: unknown): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? [] : undefined;
  if (typeof value !== 'object' || value === null || isUploadedFile(value) || Buffer.isBuffer(value)) return undefined;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const found = findNulPath((value as Record<string, unknown>)[key]);
    if (found !== undefined) return [key, ...found];
    if (key.includes('\u0000')) return [key];
  }
  return undefined;
}
