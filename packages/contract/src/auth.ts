import { z } from 'zod';
import { defineRoute, errorResponses, messageSchema, requiredEmail, requiredText, roleSchema } from './common.js';

import { newPasswordField } from './passwords.js';

export { PASSWORD_MIN_LENGTH } from './passwords.js';

/** The session stored by the web app under local storage key `token` (seed 000 §3). */
export const sessionSchema = z.object({
  token: z.string(),
  role: roleSchema,
  name: z.string(),
  image: z.string().nullable(),
  agent_id: z.number().int().nullable(),
  user_id: z.number().int(),
  email: z.string(),
  /** true: the user must change the password before going on (000 §4). */
  change_password: z.boolean(),
  /** true: the user still has to verify a WhatsApp number (PRODUCT §4). */
  w_verified: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

/** 403 on every signed-in route but changeuserpassword, logout and my-profile while change_password is set. */
export const PASSWORD_CHANGE_REQUIRED_MESSAGE = 'Please change your password before going on.';

export const loginBodySchema = z.object({
  email: requiredEmail(),
  password: z
    .string({ error: 'The password field is required.' })
    .min(1, { error: 'The password field is required.' })
    .max(200, { error: 'The password may not be greater than 200 characters.' }),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/**
 * Per-account lockout (issue 16 point 4, decision 018). Wrong passwords for an existing approved account are
 * counted across addresses; a sign-in resets the count. The {@link ACCOUNT_LOCK_THRESHOLD}th failure in a row
 * locks the account for {@link ACCOUNT_LOCK_FIRST_MINUTES} minutes, and every further failure (during or after
 * the lock) locks it again from that moment for twice as long as the previous one, at most
 * {@link ACCOUNT_LOCK_MAX_MINUTES} minutes. While locked, login answers 429 with `Retry-After` and
 * {@link accountLockedMessage} whatever the password, except for a live forgot-password temporary password,
 * which proves the owner reads the account's mail: it signs in and unlocks. An administrator unlocks with
 * `POST /api/unlock-user`. The owner is e-mailed once, when the lock starts. Unknown addresses store nothing.
 */
export const ACCOUNT_LOCK_THRESHOLD = 10;
export const ACCOUNT_LOCK_FIRST_MINUTES = 15;
export const ACCOUNT_LOCK_MAX_MINUTES = 24 * 60;

/** How long the lock is after `failures` wrong passwords in a row (0 below the threshold): 15, 30, 60, … ≤ 1440. */
export function getAccountLockMinutes(failures: number): number {
  if (failures < ACCOUNT_LOCK_THRESHOLD) return 0;
  // 2^7 × 15 already passes the cap; clamping the exponent keeps the number small for any count.
  const doublings = Math.min(failures - ACCOUNT_LOCK_THRESHOLD, 7);
  return Math.min(ACCOUNT_LOCK_FIRST_MINUTES * 2 ** doublings, ACCOUNT_LOCK_MAX_MINUTES);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Asia/Karachi is UTC+05:00 all year (no daylight saving since 2009). */
const KARACHI_OFFSET_MS = 5 * 3_600_000;

/** An instant as the portal shows times, in Asia/Karachi: '25 Nov 2026, 02:05 PM (Pakistan time)'. */
export function formatKarachiDateTime(instant: Date | string): string {
  const local = new Date(new Date(instant).getTime() + KARACHI_OFFSET_MS);
  const hours = local.getUTCHours();
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${pad(local.getUTCDate())} ${MONTHS[local.getUTCMonth()]} ${local.getUTCFullYear()}, ` +
    `${pad(hours % 12 === 0 ? 12 : hours % 12)}:${pad(local.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'} (Pakistan time)`
  );
}

/** 429 from login while the account is locked (the sign-in form shows it as it is). */
export function accountLockedMessage(lockedUntil: Date | string): string {
  return (
    `This account is locked after too many failed sign-ins. Try again after ${formatKarachiDateTime(lockedUntil)} ` +
    'or ask an administrator to unlock it.'
  );
}

/** Subject of the e-mail the owner gets when the lock starts. */
export const ACCOUNT_LOCKED_EMAIL_SUBJECT = 'Your Group Fares account has been locked';

export const loginRoute = defineRoute({
  method: 'POST',
  path: '/login',
  summary: 'Sign in with e-mail and password',
  tags: ['auth'],
  access: 'public',
  body: loginBodySchema,
  response: { 200: z.object({ success: sessionSchema }), ...errorResponses },
});

export const logoutRoute = defineRoute({
  method: 'POST',
  path: '/logout',
  summary: "Revoke the caller's token",
  tags: ['auth'],
  access: 'user',
  response: { 200: messageSchema, ...errorResponses },
});

export const registerBodySchema = z.object({
  email: requiredEmail(),
  name: requiredText('name'),
  office_no: requiredText('office no', 30),
  phone: requiredText('phone', 30),
  office_address: requiredText('office address'),
  agency_name: requiredText('agency name'),
  city: requiredText('city', 100),
  country: requiredText('country', 100).default('Pakistan'),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const REGISTERED_MESSAGE =
  'Registered successfully! Please wait for the verification call; your login details will be e-mailed by the admin.';

export const registerRoute = defineRoute({
  method: 'POST',
  path: '/register',
  summary: 'Register a travel agency (pending until an admin accepts it)',
  tags: ['auth'],
  access: 'public',
  body: registerBodySchema,
  response: { 201: messageSchema, ...errorResponses },
});

export const changePasswordBodySchema = z.object({
  old_password: z
    .string({ error: 'The old password field is required.' })
    .min(1, { error: 'The old password field is required.' })
    .max(200),
  new_password: newPasswordField('new password'),
  /** Sent by the seed's client; the server uses the caller's own account whatever it says. */
  email: z.string().optional(),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const changePasswordRoute = defineRoute({
  method: 'POST',
  path: '/changeuserpassword',
  summary: "Change the caller's password (clears change_password)",
  tags: ['auth'],
  access: 'user',
  body: changePasswordBodySchema,
  response: { 200: messageSchema, ...errorResponses },
});

export const forgotPasswordBodySchema = z.object({ email: requiredEmail() });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

/** The same answer whether or not the address exists (PRODUCT §4). */
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for this e-mail, a temporary password has been sent to it. It is valid for 1 hour.';

export const forgotPasswordRoute = defineRoute({
  method: 'POST',
  path: '/forgot-password',
  summary: 'E-mail a one-time temporary password valid 1 hour',
  tags: ['auth'],
  access: 'public',
  body: forgotPasswordBodySchema,
  response: { 200: messageSchema, ...errorResponses },
});

/** 000 §5: a plus sign then 10 to 14 digits (the country code included). */
export const WHATSAPP_PHONE_PATTERN = /^\+\d{10,14}$/;
/** 000 §5: "message says to enter a valid number with + and country code". */
export const WHATSAPP_PHONE_MESSAGE = 'Please enter a valid number with + and country code.';
/** PRODUCT §4: codes are 6 digits. */
export const WHATSAPP_CODE_LENGTH = 6;

const whatsappPhoneSchema = z
  .string({ error: 'The phone field is required.' })
  .trim()
  .min(1, { error: 'The phone field is required.' })
  .regex(WHATSAPP_PHONE_PATTERN, { error: WHATSAPP_PHONE_MESSAGE });

/** Sent by the seed's client (000 §7); the server always uses the caller's own account (PRODUCT §4 scope). */
const ignoredAgentIdSchema = z.union([z.string(), z.number()]).nullish();

export const sendWhatsappCodeBodySchema = z.object({
  phone: whatsappPhoneSchema,
  agent_id: ignoredAgentIdSchema,
});
export type SendWhatsappCodeBody = z.infer<typeof sendWhatsappCodeBodySchema>;

export const sendWhatsappCodeRoute = defineRoute({
  method: 'POST',
  path: '/sendwhatsappcode',
  summary: "Send a 6-digit code (valid 10 minutes, 5 tries) to the caller's WhatsApp number",
  tags: ['auth'],
  access: 'user',
  body: sendWhatsappCodeBodySchema,
  response: { 200: messageSchema, ...errorResponses },
});

export const verifyWhatsappBodySchema = z.object({
  phone: whatsappPhoneSchema,
  code: z
    .string({ error: 'The code field is required.' })
    .trim()
    .min(1, { error: 'The code field is required.' })
    .regex(new RegExp(`^\\d{${WHATSAPP_CODE_LENGTH}}$`), { error: `The code must be ${WHATSAPP_CODE_LENGTH} digits.` }),
  agent_id: ignoredAgentIdSchema,
});
export type VerifyWhatsappBody = z.infer<typeof verifyWhatsappBodySchema>;

export const WHATSAPP_VERIFIED_MESSAGE = 'Your WhatsApp number has been verified. Please log in again.';

export const verifyWhatsappRoute = defineRoute({
  method: 'POST',
  path: '/updateandverifywhp',
  summary: "Check the code and save the caller's verified WhatsApp number (clears w_verified)",
  tags: ['auth'],
  access: 'user',
  body: verifyWhatsappBodySchema,
  response: { 200: messageSchema, ...errorResponses },
});
