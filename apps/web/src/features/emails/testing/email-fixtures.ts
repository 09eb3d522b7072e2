import type { Paginated } from '@portal/contract/common';
import { emailSummarySchema, type EmailDetail, type EmailSummary } from '@portal/contract/emails';

export function buildEmail(overrides: Partial<EmailSummary> = {}): EmailSummary {
  return emailSummarySchema.parse({
    id: 1,
    to: 'agent@example.com',
    subject: 'Your login details',
    status: 'sent',
    attempts: 1,
    last_error: null,
    created_at: '2026-11-23T05:00:00.000Z',
    sent_at: '2026-11-23T05:00:05.000Z',
    ...overrides,
  });
}

export function buildEmailDetail(overrides: Partial<EmailDetail> = {}): EmailDetail {
  return { ...buildEmail(overrides), text: 'Hello,\nyour password is inside.', ...overrides };
}

export function buildEmailsPage(rows: EmailSummary[], { hasNext = false } = {}): Paginated<EmailSummary> {
  return {
    data: rows,
    current_page: 1,
    per_page: 20,
    total: rows.length,
    last_page: 1,
    prev_page_url: null,
    next_page_url: hasNext ? '/api/listofemails?page=2' : null,
  };
}
