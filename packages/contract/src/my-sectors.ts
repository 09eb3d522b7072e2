import { z } from 'zod';
import { defineRoute, errorResponses, idParamsSchema, messageSchema, pageQuerySchema, paginated, requiredText } from './common.js';
import { optionalFileField, optionalStatusField, requiredFileField, statusFieldWithDefault, statusSchema } from './files.js';

/**
 * My sector (001 §3): a named shortcut grouping PNRs. `image` is the absolute URL of its public picture;
 * `totalpnr` counts its open groups (not closed, not deleted, first departure today or later in Asia/Karachi).
 */
export const mySectorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  status: statusSchema,
  totalpnr: z.number().int(),
});
export type MySector = z.infer<typeof mySectorSchema>;

// 001 §8, exactly as quoted (the capitals differ between add and update/delete).
export const MY_SECTOR_ADDED_MESSAGE = 'My sector added successfully!';
export const MY_SECTOR_UPDATED_MESSAGE = 'My Sector updated successfully!';
export const MY_SECTOR_DELETED_MESSAGE = 'My Sector Deleted successfully!';

/** Add My Sector modal (001 §5): name required, image required on add, status defaults to 1. */
export const addMySectorBodySchema = z.object({
  name: requiredText('name'),
  image: requiredFileField('image'),
  status: statusFieldWithDefault(1),
});
export type AddMySectorBody = z.infer<typeof addMySectorBodySchema>;
export type AddMySectorInput = z.input<typeof addMySectorBodySchema>;

/**
 * Edit My Sector modal: no new image keeps the stored one (the server answers 'The image field is required.'
 * when the my-sector has none, 001 §5); no status keeps the stored one (the list's switch sends only status
 * with the name).
 */
export const updateMySectorBodySchema = z.object({
  name: requiredText('name'),
  image: optionalFileField('image'),
  status: optionalStatusField(),
});
export type UpdateMySectorBody = z.infer<typeof updateMySectorBodySchema>;
export type UpdateMySectorInput = z.input<typeof updateMySectorBodySchema>;

export const mySectorWriteResponseSchema = z.object({ message: z.string(), data: mySectorSchema });
export type MySectorWriteResponse = z.infer<typeof mySectorWriteResponseSchema>;

export const mySectorsPageSchema = paginated(mySectorSchema);
export type MySectorsPage = z.infer<typeof mySectorsPageSchema>;

export const addMySectorRoute = defineRoute({
  method: 'POST',
  path: '/add-mysector',
  summary: 'Add a my-sector (multipart: name, status, image)',
  tags: ['my-sectors'],
  access: 'admin',
  body: addMySectorBodySchema,
  response: { 201: mySectorWriteResponseSchema, ...errorResponses },
});

export const updateMySectorRoute = defineRoute({
  method: 'POST',
  path: '/updatemysector/:id',
  summary: 'Update a my-sector (image optional when one is stored)',
  tags: ['my-sectors'],
  access: 'admin',
  params: idParamsSchema,
  body: updateMySectorBodySchema,
  response: { 200: mySectorWriteResponseSchema, ...errorResponses },
});

export const deleteMySectorRoute = defineRoute({
  method: 'GET',
  path: '/deletemysector/:id',
  summary: 'Delete a my-sector (soft); 409 while live groups use it',
  tags: ['my-sectors'],
  access: 'admin',
  params: idParamsSchema,
  response: { 200: messageSchema, ...errorResponses },
});

export const listMySectorsRoute = defineRoute({
  method: 'GET',
  path: '/listofmysectors',
  summary: 'My sectors with their open-group count, newest first, 20 a page',
  tags: ['my-sectors'],
  access: 'admin',
  querystring: pageQuerySchema,
  response: { 200: mySectorsPageSchema, ...errorResponses },
});
