import { z } from 'zod';
import { defineRoute, errorResponses, pageQuerySchema, paginated } from './common.js';
import { flagSchema } from './booking-lifecycle.js';

/**
 * Promotion banners (000 §7 allbanners-list, 001 §2 Promotion). The dashboard carousel reads the active ones;
 * adding, editing and deleting banners come with the content work (issue 7).
 *
 * Decisions: admins get every banner (the Promotion table shows Status), others only active ones; newest first.
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
