import { z } from 'zod';

/** Issue 16 point 8: new passwords have at least 10 characters and are not in a list of common passwords. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

export const passwordTooShortMessage = (label = 'password') => `The ${label} must be at least ${PASSWORD_MIN_LENGTH} characters.`;
export const passwordTooCommonMessage = (label = 'password') =>
  `The ${label} is too common: it is among the passwords guessed first. Choose another.`;

// The list (about 50,000 passwords from @zxcvbn-ts/language-common) weighs 380 KB, so it is not imported here,
// where the sign-in form's and the public pages' code would carry it: `common-passwords.ts` registers it when
// imported. The server imports it at start; the web app's password forms import it with their own lazy code.
let commonPasswords: ReadonlySet<string> | undefined;

/** Called by common-passwords.ts: from then on new passwords are checked against `list` (case ignored). */
export function registerCommonPasswords(list: Iterable<string>): void {
  commonPasswords = new Set(Array.from(list, (password) => password.toLowerCase()));
}

/** Whether a list is registered and holds the password (case ignored). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords?.has(password.toLowerCase()) ?? false;
}

/** A new password: the length first, then the list; each message says why (issue 16 point 8). */
export const newPasswordField = (label = 'password') =>
  z
    .string({ error: `The ${label} field is required.` })
    .min(PASSWORD_MIN_LENGTH, { error: passwordTooShortMessage(label) })
    .max(PASSWORD_MAX_LENGTH, { error: `The ${label} may not be greater than ${PASSWORD_MAX_LENGTH} characters.` })
    .refine((password) => !isCommonPassword(password), { error: passwordTooCommonMessage(label) });
