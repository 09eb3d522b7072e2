import { z } from 'zod';
import { defineRoute, errorResponses, idParamsSchema, messageSchema, pageQuerySchema, paginated, requiredText } from './common.js';
import { optionalStatusField, statusFieldWithDefault, statusSchema } from './files.js';

/** Sector (001 §3): codes and cities upper-case, sector_name `FROM - TO` (PRODUCT §4). */
export const sectorSchema = z.object({
  id: z.number().int(),
  sector_name: z.string(),
  from_sector: z.string(),
  from_city: z.string(),
  to_sector: z.string(),
  to_city: z.string(),
  status: statusSchema,
});
export type Sector = z.infer<typeof sectorSchema>;

export const SECTOR_ADDED_MESSAGE = 'Sector added successfully!';
export const SECTOR_UPDATED_MESSAGE = 'Sector updated successfully!';
export const SECTOR_DELETED_MESSAGE = 'Sector Deleted successfully!';
export const SECTOR_EXISTS_MESSAGE = 'This sector already exists.';
/** Laravel's `different` rule wording; a sector from an airport to itself is a typing slip. */
export const SECTOR_SAME_ENDS_MESSAGE = 'The to sector and from sector must be different.';

/** The read-only full name the dialog shows and the server stores (001 §2 Sectors). */
export function buildSectorName(fromSector: string, toSector: string): string {
  return `${fromSector.trim().toUpperCase()} - ${toSector.trim().toUpperCase()}`;
}

function upperText(label: string, max: number) {
  return requiredText(label, max).transform((value) => value.toUpperCase());
}

/**
 * Add/Edit sector dialog (001 §5): all four fields required, trimmed and upper-cased. The client's
 * `sector_name` is not read: the server builds it from the codes (and strips it as an unknown key).
 */
const sectorFields = {
  from_sector: upperText('from sector', 10),
  from_city: upperText('from city', 100),
  to_sector: upperText('to sector', 10),
  to_city: upperText('to city', 100),
};

function hasDifferentEnds(value: { from_sector: string; to_sector: string }): boolean {
  return value.from_sector !== value.to_sector;
}
const DIFFERENT_ENDS = { error: SECTOR_SAME_ENDS_MESSAGE, path: ['to_sector'] };

export const addSectorBodySchema = z.object({ ...sectorFields, status: statusFieldWithDefault(1) }).refine(hasDifferentEnds, DIFFERENT_ENDS);
export type AddSectorBody = z.infer<typeof addSectorBodySchema>;
export type AddSectorInput = z.input<typeof addSectorBodySchema>;

export const updateSectorBodySchema = z.object({ ...sectorFields, status: optionalStatusField() }).refine(hasDifferentEnds, DIFFERENT_ENDS);
export type UpdateSectorBody = z.infer<typeof updateSectorBodySchema>;
export type UpdateSectorInput = z.input<typeof updateSectorBodySchema>;

export const sectorWriteResponseSchema = z.object({ message: z.string(), data: sectorSchema });
export type SectorWriteResponse = z.infer<typeof sectorWriteResponseSchema>;

export const sectorsPageSchema = paginated(sectorSchema);
export type SectorsPage = z.infer<typeof sectorsPageSchema>;

export const addSectorRoute = defineRoute({
  method: 'POST',
  path: '/add-sector',
  summary: 'Add a sector; 422 on from_sector when the pair already exists',
  tags: ['sectors'],
  access: 'admin',
  body: addSectorBodySchema,
  response: { 201: sectorWriteResponseSchema, ...errorResponses },
});

export const updateSectorRoute = defineRoute({
  method: 'POST',
  path: '/updatesector/:id',
  summary: 'Update a sector',
  tags: ['sectors'],
  access: 'admin',
  params: idParamsSchema,
  body: updateSectorBodySchema,
  response: { 200: sectorWriteResponseSchema, ...errorResponses },
});

export const deleteSectorRoute = defineRoute({
  method: 'GET',
  path: '/deletesector/:id',
  summary: 'Delete a sector (soft); 409 while legs of live groups use it',
  tags: ['sectors'],
  access: 'admin',
  params: idParamsSchema,
  response: { 200: messageSchema, ...errorResponses },
});

export const listSectorsRoute = defineRoute({
  method: 'GET',
  path: '/listofsectors',
  summary: 'Sectors, newest first, 20 a page',
  tags: ['sectors'],
  access: 'admin',
  querystring: pageQuerySchema,
  response: { 200: sectorsPageSchema, ...errorResponses },
});
