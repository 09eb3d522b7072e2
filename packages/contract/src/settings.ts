// CONTRACT READY
import { z } from 'zod';
import { newPasswordField } from './passwords.js';
import { defineRoute, errorResponses, idParamsSchema, integerField, requiredEmail, requiredText } from './common.js';

/**
 * Settings (001 §2 Settings; PRODUCT §5 "real user management (admins)"; issue 7): the agents' booking hold
 * window, the contact desks (Contact Us) and bank accounts (Bank Accounts Details) the public pages show, the
 * support e-mail, and the admin users.
 *
 * Decisions (where the seeds and PRODUCT are silent):
 * - The public pages read `GET /public-settings`; only admins read and change the rest.
 * - `update-settings` takes any subset of the keys; a list sent replaces the stored list as a whole.
 * - Phones are '+' and the country code then digits (10 to 14 digits); spaces and dashes are dropped.
 *   A desk's `display` is how the number is shown; sent empty, it is derived from the phone.
 * - IBANs are Pakistani: 'PK' and 22 letters or digits (24 characters); spaces are dropped, stored upper-case.
 * - Admin users are never deleted, only deactivated (their tokens are revoked). An admin cannot deactivate
 *   itself, and the last active admin cannot be deactivated (409).
 */

// ---- Limits and texts ----------------------------------------------------------------------------------------

export const HOLD_WINDOW_MIN_MINUTES = 15;
/** One week. */
export const HOLD_WINDOW_MAX_MINUTES = 10_080;
export const CONTACT_DESKS_MIN = 1;
export const CONTACT_DESKS_MAX = 6;
export const BANK_ACCOUNTS_MIN = 1;
export const BANK_ACCOUNTS_MAX = 12;

export const SETTINGS_UPDATED_MESSAGE = 'Settings updated successfully!';
export const ADMIN_ADDED_MESSAGE = 'User added successfully!';
export const ADMIN_UPDATED_MESSAGE = 'User updated successfully!';
export const ADMIN_DEACTIVATED_MESSAGE = 'User deactivated successfully!';
export const ADMIN_ACTIVATED_MESSAGE = 'User activated successfully!';
export const ADMIN_NOT_FOUND_MESSAGE = 'User not found.';
export const ADMIN_SELF_DEACTIVATE_MESSAGE = 'You cannot deactivate your own account.';
export const ADMIN_LAST_ACTIVE_MESSAGE = 'The last active admin cannot be deactivated.';
export const SETTINGS_EMAIL_TAKEN_MESSAGE = 'The email has already been taken.';

export const PHONE_PATTERN = /^\+\d{10,14}$/;
export const PHONE_FORMAT_MESSAGE = 'The phone must be + and the country code followed by digits, 10 to 14 digits in all (e.g. +923001234567).';
export const IBAN_PATTERN = /^PK[A-Z0-9]{22}$/;
export const IBAN_FORMAT_MESSAGE = 'The IBAN must be PK followed by 22 letters or digits, 24 characters in all (e.g. PK36HABB0012345678901234).';
export const CONTACT_DESKS_COUNT_MESSAGE = `Enter between ${CONTACT_DESKS_MIN} and ${CONTACT_DESKS_MAX} contact desks.`;
export const BANK_ACCOUNTS_COUNT_MESSAGE = `Enter between ${BANK_ACCOUNTS_MIN} and ${BANK_ACCOUNTS_MAX} bank accounts.`;

/** '+92 300 1234567' for a Pakistani mobile, otherwise the number as stored. */
export function displayPhone(phone: string): string {
  const match = /^\+92(\d{3})(\d{7})$/.exec(phone);
  return match ? `+92 ${match[1]} ${match[2]}` : phone;
}

// ---- Shapes --------------------------------------------------------------------------------------------------

export const contactDeskSchema = z.object({
  name: z.string(),
  /** '+92…' digits only, for `tel:` and `wa.me` links. */
  phone: z.string(),
  /** How the number is shown ('+92 300 1234567'). */
  display: z.string(),
  /** Prefilled text of the WhatsApp link. */
  whatsapp_message: z.string(),
});
export type ContactDesk = z.infer<typeof contactDeskSchema>;

export const bankAccountSchema = z.object({
  bank_name: z.string(),
  account_title: z.string(),
  account_number: z.string(),
  /** 24 characters, no spaces. */
  iban: z.string(),
  branch: z.string().optional(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const publicSettingsSchema = z.object({
  contact_desks: z.array(contactDeskSchema),
  bank_accounts: z.array(bankAccountSchema),
  support_email: z.string(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export const publicSettingsResponseSchema = z.object({ data: publicSettingsSchema });
export type PublicSettingsResponse = z.infer<typeof publicSettingsResponseSchema>;

export const adminSettingsSchema = publicSettingsSchema.extend({
  hold_window_minutes: z.number().int(),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

export const adminSettingsResponseSchema = z.object({ data: adminSettingsSchema });
export type AdminSettingsResponse = z.infer<typeof adminSettingsResponseSchema>;

export const updateSettingsResponseSchema = z.object({ message: z.string(), data: adminSettingsSchema });
export type UpdateSettingsResponse = z.infer<typeof updateSettingsResponseSchema>;

export const adminUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  is_active: z.boolean(),
  /** ISO date-time. */
  created_at: z.string(),
  /** Until when sign-in is locked after too many wrong passwords, null when not (decision 018; unlock-user ends it). */
  locked_until: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersResponseSchema = z.object({ data: z.array(adminUserSchema) });
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

export const adminUserWriteResponseSchema = z.object({ message: z.string(), data: adminUserSchema });
export type AdminUserWriteResponse = z.infer<typeof adminUserWriteResponseSchema>;

// ---- Request fields ------------------------------------------------------------------------------------------

/** Optional trimmed text: '' or null → undefined. */
function optionalTrimmed(label: string, max = 255) {
  return z
    .union([z.string(), z.null()], { error: `The ${label} must be a string.` })
    .optional()
    .transform((value, ctx): string | undefined => {
      const text = (value ?? '').trim();
      if (text === '') return undefined;
      if (text.length > max) {
        ctx.addIssue({ code: 'custom', message: `The ${label} may not be greater than ${max} characters.` });
        return z.NEVER;
      }
      return text;
    });
}

export const phoneField = () =>
  z
    .string({ error: 'The phone field is required.' })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().min(1, { error: 'The phone field is required.', abort: true }).regex(PHONE_PATTERN, { error: PHONE_FORMAT_MESSAGE }));

export const ibanField = () =>
  z
    .string({ error: 'The iban field is required.' })
    .transform((value) => value.replace(/\s/g, '').toUpperCase())
    .pipe(z.string().min(1, { error: 'The iban field is required.', abort: true }).regex(IBAN_PATTERN, { error: IBAN_FORMAT_MESSAGE }));

export const contactDeskInputSchema = z
  .object({
    name: requiredText('name', 100),
    phone: phoneField(),
    display: optionalTrimmed('display', 50),
    whatsapp_message: requiredText('whatsapp message', 500),
  })
  .transform((desk): ContactDesk => ({ ...desk, display: desk.display ?? displayPhone(desk.phone) }));
export type ContactDeskInput = z.input<typeof contactDeskInputSchema>;

export const bankAccountInputSchema = z
  .object({
    bank_name: requiredText('bank name', 100),
    account_title: requiredText('account title', 150),
    account_number: requiredText('account number', 50),
    iban: ibanField(),
    branch: optionalTrimmed('branch', 150),
  })
  .transform(({ branch, ...rest }): BankAccount => (branch === undefined ? rest : { ...rest, branch }));
export type BankAccountInput = z.input<typeof bankAccountInputSchema>;

/** POST update-settings: any subset of the keys (JSON, or a form with `contact_desks[0][name]`…). */
export const updateSettingsBodySchema = z.object({
  hold_window_minutes: integerField('hold window minutes', { min: HOLD_WINDOW_MIN_MINUTES, max: HOLD_WINDOW_MAX_MINUTES }).optional(),
  contact_desks: z
    .array(contactDeskInputSchema, { error: CONTACT_DESKS_COUNT_MESSAGE })
    .min(CONTACT_DESKS_MIN, { error: CONTACT_DESKS_COUNT_MESSAGE })
    .max(CONTACT_DESKS_MAX, { error: CONTACT_DESKS_COUNT_MESSAGE })
    .optional(),
  bank_accounts: z
    .array(bankAccountInputSchema, { error: BANK_ACCOUNTS_COUNT_MESSAGE })
    .min(BANK_ACCOUNTS_MIN, { error: BANK_ACCOUNTS_COUNT_MESSAGE })
    .max(BANK_ACCOUNTS_MAX, { error: BANK_ACCOUNTS_COUNT_MESSAGE })
    .optional(),
  support_email: requiredEmail('support email').optional(),
});
export type UpdateSettingsBody = z.output<typeof updateSettingsBodySchema>;
export type UpdateSettingsInput = z.input<typeof updateSettingsBodySchema>;

const passwordField = () => newPasswordField('password');

/** Add New User (001 §2 Settings): an approved, active admin. */
export const addAdminBodySchema = z.object({
  name: requiredText('name'),
  email: requiredEmail(),
  password: passwordField(),
});
export type AddAdminBody = z.output<typeof addAdminBodySchema>;
export type AddAdminInput = z.input<typeof addAdminBodySchema>;

/** Edit: no password (or an empty one) keeps the stored one. */
export const updateAdminBodySchema = z.object({
  name: requiredText('name'),
  email: requiredEmail(),
  password: z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => (value === null || value === '' ? undefined : value))
    .pipe(passwordField().optional()),
});
export type UpdateAdminBody = z.output<typeof updateAdminBodySchema>;
export type UpdateAdminInput = z.input<typeof updateAdminBodySchema>;

// ---- Routes --------------------------------------------------------------------------------------------------

export const publicSettingsRoute = defineRoute({
  method: 'GET',
  path: '/public-settings',
  summary: 'Contact desks, bank accounts and support e-mail for the public Contact Us and Bank Accounts pages',
  tags: ['settings'],
  access: 'public',
  response: { 200: publicSettingsResponseSchema, ...errorResponses },
});

export const getSettingsRoute = defineRoute({
  method: 'GET',
  path: '/settings',
  summary: 'All settings: booking hold window, contact desks, bank accounts, support e-mail',
  tags: ['settings'],
  access: 'admin',
  response: { 200: adminSettingsResponseSchema, ...errorResponses },
});

export const updateSettingsRoute = defineRoute({
  method: 'POST',
  path: '/update-settings',
  summary: 'Change any subset of the settings; a list sent replaces the stored one',
  tags: ['settings'],
  access: 'admin',
  body: updateSettingsBodySchema,
  response: { 200: updateSettingsResponseSchema, ...errorResponses },
});

export const listAdminsRoute = defineRoute({
  method: 'GET',
  path: '/list-admins',
  summary: 'Admin users (Settings, User Management), oldest first',
  tags: ['settings'],
  access: 'admin',
  response: { 200: adminUsersResponseSchema, ...errorResponses },
});

export const addAdminRoute = defineRoute({
  method: 'POST',
  path: '/add-admin',
  summary: 'Add an active admin user (name, email, password of at least 10 characters, not a common one)',
  tags: ['settings'],
  access: 'admin',
  body: addAdminBodySchema,
  response: { 201: adminUserWriteResponseSchema, ...errorResponses },
});

export const updateAdminRoute = defineRoute({
  method: 'POST',
  path: '/update-admin/:id',
  summary: "Change an admin user's name, e-mail and (optionally) password",
  tags: ['settings'],
  access: 'admin',
  params: idParamsSchema,
  body: updateAdminBodySchema,
  response: { 200: adminUserWriteResponseSchema, ...errorResponses },
});

export const toggleAdminRoute = defineRoute({
  method: 'GET',
  path: '/toggle-admin/:id',
  summary: 'Deactivate (revoking its tokens) or reactivate an admin user; 409 for oneself or the last active admin',
  tags: ['settings'],
  access: 'admin',
  params: idParamsSchema,
  response: { 200: adminUserWriteResponseSchema, ...errorResponses },
});
