import { adminSettingsSchema, adminUserSchema, type AdminSettings, type AdminUser } from '@portal/contract/settings';

/** An admin user as list-admins answers it, parsed with the contract's schema. */
export function buildAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return adminUserSchema.parse({ id: 2, name: 'Bilal Ahmed', email: 'bilal@example.com', is_active: true, created_at: '2031-03-01T07:00:00.000Z', locked_until: null, ...overrides });
}

export function buildAdminSettings(overrides: Partial<AdminSettings> = {}): AdminSettings {
  return adminSettingsSchema.parse({
    hold_window_minutes: 180,
    contact_desks: [{ name: 'Sales Desk', phone: '+923001234567', display: '+92 300 1234567', whatsapp_message: 'Hello' }],
    bank_accounts: [
      { bank_name: 'HBL', account_title: 'Group Fares (Pvt) Ltd', account_number: '0012-345678', iban: 'PK72HABB0012345678901234' },
    ],
    support_email: 'support@groupfares.pk',
    ...overrides,
  });
}
