import { z } from 'zod';
import { defineRoute, errorResponses, messageSchema, requiredEmail, requiredText, roleSchema } from './common.js';

export const PASSWORD_MIN_LENGTH = 8;

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
  new_password: z
    .string({ error: 'The new password field is required.' })
    .min(PASSWORD_MIN_LENGTH, { error: `The new password must be at least ${PASSWORD_MIN_LENGTH} characters.` })
    .max(200, { error: 'The new password may not be greater than 200 characters.' }),
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
