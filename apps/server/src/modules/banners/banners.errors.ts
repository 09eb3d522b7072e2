import { createFieldError, HttpError } from '../../lib/http-error.js';

export function createBannerNotFoundError(): HttpError {
  return new HttpError({ statusCode: 404, code: 'banners.not_found', message: 'Banner not found.' });
}

/** 001 §4-§5: the image is required on add, and on edit when the banner has none ('Remove Image'). */
export function createBannerImageRequiredError(): HttpError {
  return createFieldError({ code: 'banners.image_required', field: 'image', message: 'The image field is required.' });
}

/** 001 §5: the Select Button must name an existing dashboard button (Laravel's `exists` wording). */
export function createBannerButtonInvalidError(): HttpError {
  return createFieldError({ code: 'banners.dash_btn_invalid', field: 'dash_btn_id', message: 'The selected dash btn id is invalid.' });
}

/** banners-list (001 §7) names its button in a header; without a usable one there is nothing to list. */
export function createDashBtnHeaderError(message: string): HttpError {
  return createFieldError({ code: 'banners.dash_btn_header_invalid', field: 'dash_btn_id', message });
}

/** The button of p/{id}/{name} does not exist, or is switched off for a non-admin. */
export function createBannerButtonNotFoundError(): HttpError {
  return new HttpError({ statusCode: 404, code: 'banners.button_not_found', message: 'Dashboard button not found.' });
}
