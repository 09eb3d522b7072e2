import multipart, { type FastifyMultipartAttachFieldsToBodyOptions, type MultipartFile, type Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findNulText, formEntriesToObject, type UploadedFile } from '../lib/form-body.js';
import { createFieldError, HttpError } from '../lib/http-error.js';

/** PRODUCT §4: passport scans and pictures are at most 2,097,152 bytes. */
export const MAX_FILE_BYTES = 2_097_152;

const MULTIPART_TYPE = /^\s*multipart\//i;
const BOUNDARY_PARAMETER = /;\s*boundary\s*=\s*("[^"]+"|[^\s;]+)/i;

function createMissingBoundaryError(): HttpError {
  return new HttpError({ statusCode: 400, code: 'http.multipart_boundary', message: 'The form is malformed: its multipart boundary is missing.' });
}

function createNulCharacterError(field: string): HttpError {
  const name = field.split('.').filter((segment) => !/^\d+$/.test(segment)).at(-1) ?? field;
  return createFieldError({
    code: 'http.nul_character',
    field: field.replaceAll('\u0000', ''),
    message: `The ${name.replaceAll('\u0000', '').replaceAll('_', ' ')} may not contain a NUL character.`,
  });
}

function isFilePart(part: Multipart): part is MultipartFile {
  return part.type === 'file';
}

/** A request whose body the multipart parser may read (its content-type parser is registered for multipart/form-data). */
function hasMultipartBody(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return type !== undefined && MULTIPART_TYPE.test(type);
}

type MultipartHook = (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * @fastify/multipart with its request hooks run for multipart requests only. The plugin adds three app-wide async
 * hooks (onRequest: a 'close' listener per request to delete temporary files; preValidation: parse the parts;
 * onResponse: delete temporary files) that every request paid for, a JSON read as much as an upload: a promise and
 * a trip through the microtask queue each, and a listener and a closure, a sixth of a small request's CPU (issue 20
 * point 2, decision 041). Each is wrapped here, while the plugin registers, into a callback hook that runs the
 * plugin's own only when the request's Content-Type is multipart; the plugin's code is otherwise untouched.
 */
async function registerMultipart(app: FastifyInstance, options: FastifyMultipartAttachFieldsToBodyOptions): Promise<void> {
  const addHook = app.addHook;
  const gated = (hook: MultipartHook) =>
    function multipartOnly(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) {
      if (!hasMultipartBody(request)) return done();
      hook.call(this, request, reply).then(() => done(), done);
    };
  const gatedAddHook = function (this: FastifyInstance, name: string, hook: MultipartHook) {
    if (name !== 'onRequest' && name !== 'preValidation' && name !== 'onResponse') throw new Error(`@fastify/multipart added an unexpected ${name} hook`);
    return (addHook as (name: string, hook: unknown) => FastifyInstance).call(this, name, gated(hook));
  };
  app.addHook = gatedAddHook as unknown as FastifyInstance['addHook'];
  try {
    await app.register(multipart, options);
  } finally {
    app.addHook = addHook;
  }
}

/**
 * Writes accept multipart/form-data and url-encoded forms as well as JSON (PRODUCT §3). The form's fields
 * become the same object a JSON body would be, so each route's one zod schema validates every form.
 * File parts arrive as UploadedFile values, in memory (2 MB at most each).
 */
export async function registerFormBodies(app: FastifyInstance): Promise<void> {
  // Before multipart's own preValidation: a multipart type without its boundary made the parser throw a plain
  // Error, which answered 500 on every POST (issue 16.9).
  app.addHook('preValidation', (request, _reply, done) => {
    const type = request.headers['content-type'];
    if (type !== undefined && MULTIPART_TYPE.test(type) && !BOUNDARY_PARAMETER.test(type)) return done(createMissingBoundaryError());
    done();
  });

  await registerMultipart(app, {
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

  // After the form is an object (above), before any route's schema: NUL in text is a 422 on its field (issue 16.9).
  app.addHook('preValidation', (request, _reply, done) => {
    const field = findNulText(request.body) ?? findNulText(request.query) ?? findNulText(request.params);
    done(field === undefined ? undefined : createNulCharacterError(field));
  });

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, formEntriesToObject(new URLSearchParams(body as string).entries()));
  });
}
