import { z } from 'zod';
import { defineRoute, errorResponses, MAX_INT, messageSchema } from './common.js';
import { isValidIsoDate } from './group-form.js';

/**
 * Sharing fares on WhatsApp (issue 17 point 3, PRODUCT §6 "Sharing fares", decision 026).
 *
 * - `GET /api/share-text?group_id=N` or `?sector=FROM-TO&date=YYYY-MM-DD` (signed-in only): a plain text an
 *   agent pastes to its own customers, and `whatsapp_url` = `https://wa.me/?text=` + the encoded text. For
 *   each group offered (the sector form: every offered group whose outbound journey is that sector and whose
 *   first departure is that day, soonest first): airline, sector, date, each leg (flight number, route,
 *   departure and arrival times), baggage, meal, adult fare = group price + markup, infant fare = infant price
 *   + markup; it ends with the sender's agency name and phone. Never seat counts, cost prices or the
 *   wholesaler's name. A 'Fare on call' group (price 0) reads 'Fare on call' for both fares (no markup on it).
 * - Administrators share without markup, signed with their own name and phone (My Profile).
 * - An unknown, deleted, closed or flown group: 404 {@link SHARE_GROUP_NOT_FOUND_MESSAGE}; a sector with no
 *   offered group that day: 404 {@link SHARE_SECTOR_EMPTY_MESSAGE}. Neither form, or both: 422.
 * - `POST /api/update-share-settings {markup}` (agents; administrators 403): whole PKR, 0 to
 *   {@link SHARE_MARKUP_MAX}; `my-profile` answers it as `share_markup` (0 until set; administrators 0).
 */

export const SHARE_MARKUP_MAX = 1_000_000;
export const WHATSAPP_SHARE_BASE = 'https://wa.me/?text=';

export const SHARE_GROUP_NOT_FOUND_MESSAGE = 'This group is not on offer.';
export const SHARE_SECTOR_EMPTY_MESSAGE = 'No group of this sector departs on this date.';
export const SHARE_QUERY_MESSAGE = 'Send either group_id, or sector and date.';
export const SHARE_SETTINGS_SAVED_MESSAGE = 'Share settings saved successfully!';
export const SHARE_MARKUP_MESSAGE = `The markup must be a whole number from 0 to ${SHARE_MARKUP_MAX.toLocaleString('en-US')}.`;

/** 'LHE-JED' or 'LHE - JED' (any case) → 'LHE - JED', the tickets' `sector` shape. */
export function normaliseShareSector(value: string): string | null {
  const match = /^\s*([A-Za-z]{3})\s*-\s*([A-Za-z]{3})\s*$/.exec(value);
  return match ? `${match[1]!.toUpperCase()} - ${match[2]!.toUpperCase()}` : null;
}

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

export const shareTextQuerySchema = z
  .object({
    group_id: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: 'The group id must be an integer.' })
        .int({ error: 'The group id must be an integer.' })
        .min(1, { error: 'The group id must be an integer.' })
        .max(MAX_INT, { error: 'The group id must be an integer.' })
        .optional(),
    ),
    sector: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .transform((value, ctx) => {
          const sector = normaliseShareSector(value);
          if (sector === null) {
            ctx.addIssue({ code: 'custom', message: 'The sector must be two airport codes, e.g. LHE-JED.' });
            return z.NEVER;
          }
          return sector;
        })
        .optional(),
    ),
    date: z.preprocess(
      emptyToUndefined,
      z.string().refine(isValidIsoDate, { error: 'The date is not a valid date (YYYY-MM-DD).' }).optional(),
    ),
  })
  .superRefine((query, ctx) => {
    const byGroup = query.group_id !== undefined;
    const bySector = query.sector !== undefined || query.date !== undefined;
    if (byGroup === bySector) ctx.addIssue({ code: 'custom', path: ['group_id'], message: SHARE_QUERY_MESSAGE });
    else if (bySector && query.sector === undefined) ctx.addIssue({ code: 'custom', path: ['sector'], message: 'The sector field is required.' });
    else if (bySector && query.date === undefined) ctx.addIssue({ code: 'custom', path: ['date'], message: 'The date field is required.' });
  });
export type ShareTextQuery = z.infer<typeof shareTextQuerySchema>;
export type ShareTextInput = z.input<typeof shareTextQuerySchema>;

export const shareTextResponseSchema = z.object({
  data: z.object({ text: z.string(), whatsapp_url: z.string() }),
});
export type ShareTextResponse = z.infer<typeof shareTextResponseSchema>;

/** markup as a form ('500') or JSON (500) sends it: whole PKR, 0 to SHARE_MARKUP_MAX. */
export const shareMarkupField = () =>
  z
    .union([z.string(), z.number()], { error: 'The markup field is required.' })
    .transform((value, ctx) => {
      const text = String(value).trim();
      if (text === '') {
        ctx.addIssue({ code: 'custom', message: 'The markup field is required.' });
        return z.NEVER;
      }
      const number = Number(text);
      if (!/^\d+$/.test(text) || !Number.isSafeInteger(number) || number > SHARE_MARKUP_MAX) {
        ctx.addIssue({ code: 'custom', message: SHARE_MARKUP_MESSAGE });
        return z.NEVER;
      }
      return number;
    });

export const updateShareSettingsBodySchema = z.object({ markup: shareMarkupField() });
export type UpdateShareSettingsBody = z.infer<typeof updateShareSettingsBodySchema>;
export type UpdateShareSettingsInput = z.input<typeof updateShareSettingsBodySchema>;

export const updateShareSettingsResponseSchema = messageSchema.extend({ data: z.object({ share_markup: z.number().int() }) });
export type UpdateShareSettingsResponse = z.infer<typeof updateShareSettingsResponseSchema>;

export const shareTextRoute = defineRoute({
  method: 'GET',
  path: '/share-text',
  summary: "A WhatsApp text of one offered group, or of a sector's groups on a date, with the agent's markup added",
  tags: ['share'],
  access: 'user',
  querystring: shareTextQuerySchema,
  response: { 200: shareTextResponseSchema, ...errorResponses },
});

export const updateShareSettingsRoute = defineRoute({
  method: 'POST',
  path: '/update-share-settings',
  summary: "The agent's markup added to shared fares (whole PKR, 0 to 1,000,000); administrators 403",
  tags: ['share'],
  access: 'user',
  body: updateShareSettingsBodySchema,
  response: { 200: updateShareSettingsResponseSchema, ...errorResponses },
});
