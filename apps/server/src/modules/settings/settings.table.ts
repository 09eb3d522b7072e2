import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/** Application settings an admin changes at run time (PRODUCT §5 Settings): one JSON value a key. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/**
 * Known keys and their defaults, written at start-up when missing (db/seed). Readers fall back to the
 * default too, so a missing row never breaks a booking.
 */
export const SETTING_DEFAULTS = {
  /** How long an agent's booking is held before the sweeper cancels it (PRODUCT §4: default 3 hours). */
  hold_window_minutes: 180,
  /**
   * Contact Us desks (000 §1: call and WhatsApp links with a prefilled message, +92 numbers). Placeholders an
   * admin replaces from Settings (issue 7).
   */
  contact_desks: [
    {
      name: 'Sales Desk',
      phone: '+923001234567',
      display: '+92 300 1234567',
      whatsapp_message: 'Assalam o Alaikum! I would like to ask about group tickets.',
    },
    {
      name: 'Accounts Desk',
      phone: '+923211234567',
      display: '+92 321 1234567',
      whatsapp_message: 'Assalam o Alaikum! I have a question about a payment or my ledger.',
    },
    {
      name: 'Ticketing Desk',
      phone: '+923331234567',
      display: '+92 333 1234567',
      whatsapp_message: 'Assalam o Alaikum! I need help with the ticket of my booking.',
    },
  ],
  /**
   * Bank Accounts Details (000 §1: 8 bank cards). Placeholder title and made-up numbers; the IBANs have valid
   * check digits so a copy-paste test behaves like a real one.
   */
  bank_accounts: [
    { bank_name: 'HBL', account_title: 'Group Fares (Pvt) Ltd', account_number: '0012-345678-901234', iban: 'PK72HABB0012345678901234', branch: 'Blue Area, Islamabad' },
    { bank_name: 'Meezan Bank', account_title: 'Group Fares (Pvt) Ltd', account_number: '0102-0304050607', iban: 'PK14MEZN0102030405060708', branch: 'Gulberg, Lahore' },
    { bank_name: 'UBL', account_title: 'Group Fares (Pvt) Ltd', account_number: '0109-000123456789', iban: 'PK74UNIL0109000123456789', branch: 'I.I. Chundrigar Road, Karachi' },
    { bank_name: 'MCB', account_title: 'Group Fares (Pvt) Ltd', account_number: '1234-0056789012', iban: 'PK29MUCB1234005678901234', branch: 'Mall Road, Lahore' },
    { bank_name: 'Allied Bank', account_title: 'Group Fares (Pvt) Ltd', account_number: '0010-045678901234', iban: 'PK56ABPA0010045678901234', branch: 'Saddar, Rawalpindi' },
    { bank_name: 'Bank Alfalah', account_title: 'Group Fares (Pvt) Ltd', account_number: '0123-1004567890', iban: 'PK91ALFH0123001004567890', branch: 'Clifton, Karachi' },
    { bank_name: 'Faysal Bank', account_title: 'Group Fares (Pvt) Ltd', account_number: '3121-301000123456', iban: 'PK69FAYS3121301000123456', branch: 'Jinnah Avenue, Islamabad' },
    { bank_name: 'Bank Al Habib', account_title: 'Group Fares (Pvt) Ltd', account_number: '1006-0081-01234567', iban: 'PK12BAHL1006008101234567', branch: 'Model Town, Lahore' },
  ],
  /** Shown on Contact Us. */
  support_email: 'support@groupfares.pk',
} as const;

export type SettingKey = keyof typeof SETTING_DEFAULTS;
export type SettingRow = typeof settings.$inferSelect;
