import multipart, { type MultipartFile, type Multipart } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { formEntriesToObject, type UploadedFile } from '../lib/form-body.js';

/** PRODUCT §4: passport scans and pictures are at most 2,097,152 bytes. */
export const MAX_FILE_BYTES = 2_097_152;

function isFilePart(part: Multipart): part is MultipartFile {
  return part.type === 'file';
}

/**
 * Writes accept multipart/form-data and url-encoded forms as well as JSON (PRODUCT §3). The form's fields
 * become the same object a JSON body would be, so each route's one zod schema validates every form.
 * File parts arrive as UploadedFile values, in memory (2 MB at most each).
 */
export async function registerFormBodies(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    attachFieldsToBody: true,
    limits: { fileSize: MAX_FILE_BYTES, files: 40, fields: 500, parts: 600, fieldSize: 1_048_576 },
    async onFile(part) {
      const data = await part.toBuffer();
      const file: UploadedFile = {
        kind: 'file',
        fieldname: part.fieldname,
        filename: part.filename,
        mimetype: part.mimetype,
        data,
      };
      (part as unknown as { value: UploadedFile }).value = file;
    },
  });

  // Runs after multipart's own preValidation hook (registered above), before the route's schema.
  // A callback hook, not an async one: it runs on every request (issue 8's overhead figure).
  app.addHook('preValidation', (request, _reply, done) => {
    if (!request.isMultipart() || typeof request.body !== 'object' || request.body === null) return done();
    const entries: Array<[string, string | UploadedFile]> = [];
    for (const [key, field] of Object.entries(request.body as Record<string, Multipart | Multipart[]>)) {
      for (const part of Array.isArray(field) ? field : [field]) {
        if (isFilePart(part)) {
          const file = (part as unknown as { value?: UploadedFile }).value;
          // A browser sends an empty file part for a file input left empty: that is "no file".
          if (file && (file.filename !== '' || file.data.length > 0)) entries.push([key, file]);
        } else if (typeof part.value === 'string') {
          entries.push([key, part.value]);
        }
      }
    }
    request.body = formEntriesToObject(entries);
    done();
  });

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, formEntriesToObject(new URLSearchParams(body as string).entries()));
  });
}
