import { z } from 'zod';
import { defineRoute, errorResponses, idParamsSchema, MAX_INT, messageSchema, paginated, requiredText } from './common.js';
import { optionalFileField, optionalStatusField, requiredFileField, statusFieldWithDefault, statusSchema } from './files.js';

/**
 * Dashboard buttons (001 §2 Custom Btn, §3, §7): tiles on the dashboard opening /dashboard/p/{id}/{target}, the page
 * of the banners attached to the button. Admins add, edit and delete them.
 *
 * Decisions (issue 7):
 * - status 1 active / 0 inactive (001 §3 does not enumerate them); inactive buttons are not on the dashboard.
 * - `list-of-dashbtn` is admin only. With `?page=N` it answers 20 buttons a page (the Custom Btn table); without
 *   `page` it answers every button as one page (the banner modal's Select Button needs them all). Same envelope.
 *   Order: as the dashboard shows them, oldest first.
 * - Deleting is `GET deletedashbtn/{id}` like the other deletes (001 §7 leaves the method open); the row is
 *   removed, and its banners stay, without a button (banners.dash_btn_id set null).
 */

export const DASHBOARD_BUTTONS_PER_PAGE = 20;

// 001 §8, exactly as quoted; the seed shows no delete notice.
export const BUTTON_ADDED_MESSAGE = 'added successfully!';
export const BUTTON_UPDATED_MESSAGE = 'updated successfully!';
export const BUTTON_DELETED_MESSAGE = 'Deleted successfully!';

export const dashButtonSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The page name of the route p/{id}/{target}. */
  target: z.string(),
  /** Public image URL; null when the image is gone. */
  image: z.string().nullable(),
  status: statusSchema,
});
export type DashButton = z.infer<typeof dashButtonSchema>;

/** Button modal (001 §5): title, target and image required; status defaults to 1. */
export const addButtonBodySchema = z.object({
  title: requiredText('title'),
  target: requiredText('target', 100),
  image: requiredFileField('image'),
  status: statusFieldWithDefault(1),
});
export type AddButtonBody = z.infer<typeof addButtonBodySchema>;
export type AddButtonInput = z.input<typeof addButtonBodySchema>;

/**
 * Edit: no new image keeps the stored one; a button without one must get one ('The image field is required.',
 * 001 §4-§5: 'Remove Image' makes choosing a file required). No status keeps the stored one.
 */
export const updateButtonBodySchema = z.object({
  title: requiredText('title'),
  target: requiredText('target', 100),
  image: optionalFileField('image'),
  status: optionalStatusField(),
});
export type UpdateButtonBody = z.infer<typeof updateButtonBodySchema>;
export type UpdateButtonInput = z.input<typeof updateButtonBodySchema>;

export const buttonWriteResponseSchema = z.object({ message: z.string(), data: dashButtonSchema });
export type ButtonWriteResponse = z.infer<typeof buttonWriteResponseSchema>;

export const dashButtonsPageSchema = paginated(dashButtonSchema);
export type DashButtonsPage = z.infer<typeof dashButtonsPageSchema>;

/** `page` is optional here: without it the whole list comes as one page (see the decisions above). */
export const dashButtonsQuerySchema = z.object({
  page: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: 'The page must be a number.' })
      .int({ error: 'The page must be an integer.' })
      .min(1, { error: 'The page must be at least 1.' })
      .max(MAX_INT, { error: `The page must not be greater than ${MAX_INT}.` })
      .optional(),
  ),
});

export const listDashButtonsRoute = defineRoute({
  method: 'GET',
  path: '/list-of-dashbtn',
  summary: 'Dashboard buttons, oldest first: 20 a page with ?page=N, all of them without it (admin)',
  tags: ['dashboard-buttons'],
  access: 'admin',
  querystring: dashButtonsQuerySchema,
  response: { 200: dashButtonsPageSchema, ...errorResponses },
});

export const addButtonRoute = defineRoute({
  method: 'POST',
  path: '/add-button',
  summary: 'Add a dashboard button (multipart: title, target, image, status)',
  tags: ['dashboard-buttons'],
  access: 'admin',
  body: addButtonBodySchema,
  response: { 201: buttonWriteResponseSchema, ...errorResponses },
});

export const updateButtonRoute = defineRoute({
  method: 'POST',
  path: '/update-Button/:id',
  summary: 'Update a dashboard button (image optional when one is stored)',
  tags: ['dashboard-buttons'],
  access: 'admin',
  params: idParamsSchema,
  body: updateButtonBodySchema,
  response: { 200: buttonWriteResponseSchema, ...errorResponses },
});

export const deleteButtonRoute = defineRoute({
  method: 'GET',
  path: '/deletedashbtn/:id',
  summary: 'Delete a dashboard button; its banners stay without a button',
  tags: ['dashboard-buttons'],
  access: 'admin',
  params: idParamsSchema,
  response: { 200: messageSchema, ...errorResponses },
});
