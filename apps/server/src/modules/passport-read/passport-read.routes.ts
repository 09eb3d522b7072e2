import { passportReadRoute } from '@portal/contract/passport';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.js';
import { createPassportOcr, type PassportOcr } from './passport-ocr.js';
import { readPassport } from './passport-read.usecases.js';

/**
 * Passport reading (PRODUCT §6, issue 17 point 1, decision 028). The app owns one OCR (one reading at a time
 * in this process) unless the caller hands one in (tests share one across their apps, or set a small queue).
 */
export async function passportReadRoutes(app: FastifyInstance, options: { ocr?: PassportOcr }): Promise<void> {
  const ocr = options.ocr ?? createPassportOcr();
  if (!options.ocr) app.addHook('onClose', async () => ocr.close());

  registerRoute(app, passportReadRoute, async (request) => ({
    data: await readPassport({ ocr, file: request.body.file, mrz: request.body.mrz }),
  }));
}
