import {
  AGENT_ALREADY_APPROVED_MESSAGE,
  AGENT_ALREADY_REJECTED_MESSAGE,
  AGENT_EMAIL_REQUIRED_FOR_APPROVAL_MESSAGE,
  AGENT_NOT_FOUND_MESSAGE,
  EMAIL_REQUIRED_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  IMAGE_REQUIRED_MESSAGE,
  PROFILE_READ_ONLY_MESSAGE,
  USER_NOT_FOUND_MESSAGE,
} from '@portal/contract/agents';
import { createFieldError, HttpError } from '../../lib/http-error.js';

/** Unknown, deleted, or an administrator's id: the agent routes are for agents (PRODUCT §3: 404 for an unknown id). */
export function createAgentNotFoundError(): HttpError {
  return new HttpError({ statusCode: 404, code: 'agents.not_found', message: AGENT_NOT_FOUND_MESSAGE });
}

export function createAgentAlreadyApprovedError(): HttpError {
  return new HttpError({ statusCode: 409, code: 'agents.already_approved', message: AGENT_ALREADY_APPROVED_MESSAGE });
}

export function createAgentAlreadyRejectedError(): HttpError {
  return new HttpError({ statusCode: 409, code: 'agents.already_rejected', message: AGENT_ALREADY_REJECTED_MESSAGE });
}

/** Accepting means e-mailing the login details (PRODUCT §4): without an address there is nowhere to send them. */
export function createAgentEmailMissingError(): HttpError {
  return createFieldError({ code: 'agents.email_missing', field: 'email', message: AGENT_EMAIL_REQUIRED_FOR_APPROVAL_MESSAGE });
}

/** An approved agent's e-mail is its login: it can be changed, not cleared. */
export function createAgentEmailRequiredError(): HttpError {
  return createFieldError({ code: 'agents.email_required', field: 'email', message: EMAIL_REQUIRED_MESSAGE });
}

export function createEmailTakenError(): HttpError {
  return createFieldError({ code: 'agents.email_taken', field: 'email', message: EMAIL_TAKEN_MESSAGE });
}

/** 001 §5: the image is required unless the agent already has one. */
export function createAgentImageRequiredError(): HttpError {
  return createFieldError({ code: 'agents.image_required', field: 'image', message: IMAGE_REQUIRED_MESSAGE });
}

/** 000 §2 / 001 §2: an agent's profile is changed through the admin, never by the agent. */
export function createProfileReadOnlyError(): HttpError {
  return new HttpError({ statusCode: 403, code: 'agents.profile_read_only', message: PROFILE_READ_ONLY_MESSAGE });
}

/** unlock-user: an unknown or deleted user id (administrators are users here). */
export function createUserNotFoundError(): HttpError {
  return new HttpError({ statusCode: 404, code: 'agents.user_not_found', message: USER_NOT_FOUND_MESSAGE });
}
