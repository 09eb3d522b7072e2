import {
  EMAIL_AGENT_NOT_FOUND_MESSAGE,
  EMAIL_AGENT_WITHOUT_EMAIL_MESSAGE,
  EMAIL_ALREADY_QUEUED_MESSAGE,
  EMAIL_NOT_FOUND_MESSAGE,
} from '@portal/contract/emails';
import { createFieldError, HttpError } from '../../lib/http-error.js';

export function createEmailNotFoundError(): HttpError {
  return new HttpError({ statusCode: 404, code: 'emails.not_found', message: EMAIL_NOT_FOUND_MESSAGE });
}

/** A queued row is already on its way (perhaps being sent right now): resending it could send it twice. */
export function createEmailAlreadyQueuedError(): HttpError {
  return new HttpError({ statusCode: 409, code: 'emails.already_queued', message: EMAIL_ALREADY_QUEUED_MESSAGE });
}

export function createEmailAgentNotFoundError(): HttpError {
  return new HttpError({ statusCode: 404, code: 'emails.agent_not_found', message: EMAIL_AGENT_NOT_FOUND_MESSAGE });
}

/** 001 §3: e-mail is optional for agents an admin adds, so some cannot be written to. */
export function createEmailAgentWithoutAddressError(): HttpError {
  return createFieldError({ code: 'emails.agent_without_email', field: 'agent_id', message: EMAIL_AGENT_WITHOUT_EMAIL_MESSAGE });
}
