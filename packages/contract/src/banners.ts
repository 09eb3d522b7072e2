import { z } from 'zod';
import {
  defineRoute,
  errorResponses,
  flagSchema,
  idParamsSchema,
  integerField,
  messageSchema,
  pageQuerySchema,
  paginated,
  requiredText,
} from './common.js';
import { optionalFileField, optionalStatusField, requiredFileField, statusFieldWithDefault } from './files.js';

/**
 * Promotion banners (000 §7 allbanners-list, 001 §2 Promotion). The dashboard carousel reads the active ones;
 * admins add, edit and delete them (001 §7); p/{id}/{name} lists the banners of one dashboard button.
 *
 * Decisions:
 * - allbanners-list: admins get every banner (the Promotion table shows Status), others only active ones; newest first.
 * - status 1 active / 0 inactive (001 §3 does not enumerate them); inactive banners are shown neither in the
 *   dashboard carousel nor on p/{id}/{name}.
 * - banners-list: the active banners of the button named by the `Dash-Btn-Id` header, newest first, 20 a page, for
 *   any signed-in user; a missing or non-numeric header is a 422 on `dash_btn_id`; an unknown button is a 404,
 *   and so is an inactive one for non-admins (the dashboard does not show it).
 * - Deleting is `GET delete-banner/{id}` like the other deletes (001 §7 leaves the method open); the row is removed.
 * - The Select Button is required (001 §5): dash_btn_id must name an existing button (422 otherwise).
 * - Each banner carries `updated_at` (any edit moves it): the popup shows a banner again after an edit (decision 021).
 */

export const BANNERS_PER_PAGE = 20;

export const bannerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Public image URL; null when the image is gone. */
  image: z.string().nullable(),
  status: flagSchema,
  /** The dashboard button the banner belongs to; null when none. */
  dash_btn_id: z.number().int().nullable(),
  /** Last change (ISO 8601): the banner popup shows a banner once per user and version (decision 021). */
  updated_at: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;

/** 000 §7: `data.data` is the list: the paginator inside `data`. */
export const bannersListResponseSchema = z.object({ data: paginated(bannerSchema) });
export type BannersListResponse = z.infer<typeof bannersListResponseSchema>;

export const allBannersListRoute = defineRoute({
  method: 'GET',
  path: '/allbanners-list',
  summary: 'Banners, newest first (admins: all; others: active only), paged',
  tags: ['banners'],
  access: 'user',
  querystring: pageQuerySchema,
  response: { 200: bannersListResponseSchema, ...errorResponses },
});

/**
 * Ours (issue 7, home page "banners" for every visitor, 001 §2): the active banners, newest first, paged like
 * allbanners-list; no session needed (banner images are public files, PRODUCT §4).
 */
export const publicBannersListRoute = defineRoute({
  method: 'GET',
  path: '/public-banners',
  summary: 'Active banners for the public home page, newest first, paged',
  tags: ['banners'],
  access: 'public',
  querystring: pageQuerySchema,
  response: { 200: bannersListResponseSchema, ...errorResponses },
});

/** The header that names the button on p/{id}/{name} (001 §7). HTTP headers are case-insensitive. */
export const DASH_BTN_ID_HEADER = 'Dash-Btn-Id';

/** The header's value: a button id (the route id of /dashboard/p/{id}/{name}). */
export const dashBtnIdHeaderSchema = integerField('Dash-Btn-Id header', { min: 1, integerMessage: 'The Dash-Btn-Id header must be a valid id.' });

export const bannersListRoute = defineRoute({
  method: 'GET',
  path: '/banners-list',
  summary: 'Active banners of one dashboard button (header Dash-Btn-Id), newest first, paged',
  tags: ['banners'],
  access: 'user',
  querystring: pageQuerySchema,
  response: { 200: bannersListResponseSchema, ...errorResponses },
});

// 001 §8, exactly as quoted; the seed shows no delete notice.
export const BANNER_ADDED_MESSAGE = 'added successfully!';
export const BANNER_UPDATED_MESSAGE = 'updated successfully!';
export const BANNER_DELETED_MESSAGE = 'Deleted successfully!';

/** Banner modal (001 §5): Name, Select Button (dash_btn_id) and Image required; status defaults to 1. */
export const addBannerBodySchema = z.object({
  dash_btn_id: integerField('dash btn id', { min: 1, integerMessage: 'The selected dash btn id is invalid.' }),
  name: requiredText('name'),
  image: requiredFileField('image'),
  status: statusFieldWithDefault(1),
});
export type AddBannerBody = z.infer<typeof addBannerBodySchema>;
export type AddBannerInput = z.input<typeof addBannerBodySchema>;

/**
 * Edit: no new image keeps the stored one; a banner without one must get one ('The image field is required.',
 * 001 §4-§5: 'Remove Image' makes choosing a file required). No status keeps the stored one.
 */
export const updateBannerBodySchema = z.object({
  dash_btn_id: integerField('dash btn id', { min: 1, integerMessage: 'The selected dash btn id is invalid.' }),
  name: requiredText('name'),
  image: optionalFileField('image'),
  status: optionalStatusField(),
});
export type UpdateBannerBody = z.infer<typeof updateBannerBodySchema>;
export type UpdateBannerInput = z.input<typeof updateBannerBodySchema>;

export const bannerWriteResponseSchema = z.object({ message: z.string(), data: bannerSchema });
export type BannerWriteResponse = z.infer<typeof bannerWriteResponseSchema>;

export const addBannerRoute = defineRoute({
  method: 'POST',
  path: '/add-banner',
  summary: 'Add a banner (multipart: dash_btn_id, name, image, status)',
  tags: ['banners'],
  access: 'admin',
  body: addBannerBodySchema,
  response: { 201: bannerWriteResponseSchema, ...errorResponses },
});

export const updateBannerRoute = defineRoute({
  method: 'POST',
  path: '/update-banner/:id',
  summary: 'Update a banner (image optional when one is stored)',
  tags: ['banners'],
  access: 'admin',
  params: idParamsSchema,
  body: updateBannerBodySchema,
  response: { 200: bannerWriteResponseSchema, ...errorResponses },
});

export const deleteBannerRoute = defineRoute({
  method: 'GET',
  path: '/delete-banner/:id',
  summary: 'Delete a banner',
  tags: ['banners'],
  access: 'admin',
  params: idParamsSchema,
  response: { 200: messageSchema, ...errorResponses },
});
