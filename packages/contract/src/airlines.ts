import { z } from 'zod';
import { defineRoute, errorResponses, idParamsSchema, messageSchema, pageQuerySchema, paginated, requiredText } from './common.js';
import { optionalFileField, optionalStatusField, requiredFileField, statusFieldWithDefault, statusSchema } from './files.js';

/** Airline (001 §3). `logo` is the absolute URL of the public logo file, or null. */
export const airlineSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  short_name: z.string(),
  logo: z.string().nullable(),
  status: statusSchema,
});
export type Airline = z.infer<typeof airlineSchema>;

// Success notices of 001 §8, exactly as the seed quotes them ('Air Deleted' included).
export const AIRLINE_ADDED_MESSAGE = 'Airline added successfully!';
export const AIRLINE_UPDATED_MESSAGE = 'Airline updated successfully!';
export const AIRLINE_DELETED_MESSAGE = 'Air Deleted successfully!';

/** Add Airline dialog (001 §5): full and short name required, logo required when adding; status defaults to 1. */
export const addAirlineBodySchema = z.object({
  full_name: requiredText('full name'),
  short_name: requiredText('short name', 50),
  logo: requiredFileField('logo'),
  status: statusFieldWithDefault(1),
});
export type AddAirlineBody = z.infer<typeof addAirlineBodySchema>;
export type AddAirlineInput = z.input<typeof addAirlineBodySchema>;

/** Edit Airline dialog: no new logo keeps the stored one; no status keeps the stored one. */
export const updateAirlineBodySchema = z.object({
  full_name: requiredText('full name'),
  short_name: requiredText('short name', 50),
  logo: optionalFileField('logo'),
  status: optionalStatusField(),
});
export type UpdateAirlineBody = z.infer<typeof updateAirlineBodySchema>;
export type UpdateAirlineInput = z.input<typeof updateAirlineBodySchema>;

export const airlineWriteResponseSchema = z.object({ message: z.string(), data: airlineSchema });
export type AirlineWriteResponse = z.infer<typeof airlineWriteResponseSchema>;

export const airlinesPageSchema = paginated(airlineSchema);
export type AirlinesPage = z.infer<typeof airlinesPageSchema>;

export const addAirlineRoute = defineRoute({
  method: 'POST',
  path: '/add-airline',
  summary: 'Add an airline (multipart: full_name, short_name, logo, status)',
  tags: ['airlines'],
  access: 'admin',
  body: addAirlineBodySchema,
  response: { 201: airlineWriteResponseSchema, ...errorResponses },
});

export const updateAirlineRoute = defineRoute({
  method: 'POST',
  path: '/updateariline/:id',
  summary: 'Update an airline (logo optional: keeps the stored one)',
  tags: ['airlines'],
  access: 'admin',
  params: idParamsSchema,
  body: updateAirlineBodySchema,
  response: { 200: airlineWriteResponseSchema, ...errorResponses },
});

export const deleteAirlineRoute = defineRoute({
  method: 'GET',
  path: '/deleteairline/:id',
  summary: 'Delete an airline (soft); 409 while live groups use it',
  tags: ['airlines'],
  access: 'admin',
  params: idParamsSchema,
  response: { 200: messageSchema, ...errorResponses },
});

export const listAirlinesRoute = defineRoute({
  method: 'GET',
  path: '/listofairlines',
  summary: 'Airlines, newest first, 20 a page',
  tags: ['airlines'],
  access: 'admin',
  querystring: pageQuerySchema,
  response: { 200: airlinesPageSchema, ...errorResponses },
});
