import { auditEntrySchema, type AuditEntry } from '@portal/contract/audit';
import type { Paginated } from '@portal/contract/common';

export function buildAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return auditEntrySchema.parse({
    id: 1,
    at: '2026-11-27T05:30:00.000Z',
    user_id: 1,
    user_name: 'Super Admin',
    address: '203.0.113.7',
    kind: 'group',
    entity_id: 7,
    action: 'update',
    before: { id: 7, pnr: 'ABC123', price: 100000, updated_at: '2026-11-26T10:00:00.000Z', legs: [{ flight_number: 'PK 701' }] },
    after: { id: 7, pnr: 'ABC123', price: 120000, updated_at: '2026-11-27T05:30:00.000Z', legs: [{ flight_number: 'PK 703' }] },
    ...overrides,
  });
}

export function buildAuditPage(rows: AuditEntry[], { page = 1, total = rows.length, hasNext = false } = {}): Paginated<AuditEntry> {
  return {
    data: rows,
    current_page: page,
    per_page: 20,
    total,
    last_page: hasNext ? page + 1 : page,
    prev_page_url: page > 1 ? `/api/audit?page=${page - 1}` : null,
    next_page_url: hasNext ? `/api/audit?page=${page + 1}` : null,
  };
}
