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
