import type { AuditSnapshot } from '@portal/contract/audit';

export type AuditChangeRow = { field: string; before: string; after: string; changed: boolean };

/** Stamps the database sets by itself: shown with all fields, left out of "what changed". */
const NOISE = new Set(['updated_at']);

function flatten(value: unknown, prefix: string, out: Map<string, string>): void {
  if (Array.isArray(value)) {
    if (value.length === 0 && prefix) out.set(prefix, '[]');
    value.forEach((item, index) => flatten(item, `${prefix}[${index + 1}]`, out));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) flatten(item, prefix ? `${prefix}.${key}` : key, out);
  } else if (prefix) {
    out.set(prefix, value === null || value === undefined ? '—' : String(value));
  }
}

/**
 * The fields of a before and an after snapshot side by side, nested rows (legs, passengers) as `passengers[1].lastname`;
 * `changed` marks what differs. An add has no before, a removal no after: every field then counts as changed.
 */
export function diffSnapshots(before: AuditSnapshot | null, after: AuditSnapshot | null): AuditChangeRow[] {
  const left = new Map<string, string>();
  const right = new Map<string, string>();
  flatten(before ?? {}, '', left);
  flatten(after ?? {}, '', right);
  const fields = [...new Set([...left.keys(), ...right.keys()])];
  return fields.map((field) => {
    const was = left.get(field) ?? '—';
    const now = right.get(field) ?? '—';
    return { field, before: was, after: now, changed: was !== now && !NOISE.has(field.split('.').at(-1)!) };
  });
}
