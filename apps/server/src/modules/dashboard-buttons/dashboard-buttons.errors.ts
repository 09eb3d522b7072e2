import { createFieldError, HttpError } from '../../lib/http-error.js';

export function createDashButtonNotFoundError(): HttpError {
  return new HttpError({ statusCode: 404, code: 'dashboard_buttons.not_found', message: 'Dashboard button not found.' });
}

/** 001 §4-§5: the image is required on add, and on edit when the button has none ('Remove Image'). */
export function createDashButtonImageRequiredError(): HttpError {
  return createFieldError({ code: 'dashboard_buttons.image_required', field: 'image', message: 'The image field is required.' });
}
