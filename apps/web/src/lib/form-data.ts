/**
 * Multipart body of a write (001 §7: writes are multipart form data). Arrays go out as `name[]`
 * (PRODUCT §3); undefined and null are left out, so an edit without a new file keeps the stored one.
 * Only browser values are sent: text, numbers, booleans and Blobs (the contract's server-side file type is skipped).
 */
export function toFormData(values: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) form.append(`${key}[]`, String(item));
    } else if (value instanceof Blob) {
      form.append(key, value);
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      form.append(key, String(value));
    }
  }
  return form;
}
