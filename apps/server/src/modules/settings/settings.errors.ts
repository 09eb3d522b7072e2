import {
  ADMIN_LAST_ACTIVE_MESSAGE,
  ADMIN_NOT_FOUND_MESSAGE,
  ADMIN_SELF_DEACTIVATE_MESSAGE,
  SETTINGS_EMAIL_TAKEN_MESSAGE,
} from '@portal/contract/settings';
import { createFieldError, HttpError } from '../../lib/http-error.js';

export function createAdminNotFoundError(): HttpError {
  return new HttpError({ statusCode: 404, code: 'settings.admin_not_found', message: ADMIN_NOT_FOUND_MESSAGE });
}

/** PRODUCT §3: a state conflict is 409; an admin locking itself out would need another admin to recover. */
export function createSelfDeactivateError(): HttpError {
  return new HttpError({ statusCode: 409, code: 'settings.self_deactivate', message: ADMIN_SELF_DEACTIVATE_MESSAGE });
}

/** Nobody could sign in to the dashboard's admin screens any more. */
export function createLastActiveAdminError(): HttpError {
  return new HttpError({ statusCode: 409, code: 'settings.last_active_admin', message: ADMIN_LAST_ACTIVE_MESSAGE });
}

/** E-mail is the login name: unique among live users (agents included). */
export function createAdminEmailTakenError(): HttpError {
  return createFieldError({ code: 'settings.email_taken', field: 'email', message: SETTINGS_EMAIL_TAKEN_MESSAGE });
}
