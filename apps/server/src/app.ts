import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { resolveAppSecret } from './config/app-secret.js';
import type { AppConfig } from './config/config.js';
import type { Database } from './db/database.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { registerAuth } from './plugins/auth.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerFormBodies } from './plugins/form-body.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerRateLimit } from './plugins/rate-limit.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { hasSpaBuild, registerSpa } from './plugins/spa.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    /** Signs download links (PRODUCT §2 APP_SECRET). */
    appSecret: string;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  db: Database;
  /** A logger to use (tests pass a silent one); default: Fastify's pino at config.logLevel. */
  logger?: FastifyBaseLogger;
  /** Routes a test adds through the registrar before the app is sealed (e.g. an admin-only probe). */
  extraRoutes?: (app: FastifyInstance) => void | Promise<void>;
}

/** Builds the whole application from a config and a database; main.ts listens, tests `inject`. */
export async function buildApp({ config, db, logger, extraRoutes }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: { level: config.logLevel } }),
    // 1 MB of JSON is far more than any form of the portal; files go through multipart with their own limit.
    bodyLimit: 1_048_576,
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('appSecret', await resolveAppSecret(config));

  const serveSpa = hasSpaBuild(config.webDistDir);
  registerErrorHandler(app, { serveSpaIndex: serveSpa });
  await registerSecurityHeaders(app);
  await registerRateLimit(app);
  await registerFormBodies(app);
  registerAuth(app);
  await registerOpenApi(app);
  if (serveSpa) await registerSpa(app, config.webDistDir!);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  if (extraRoutes) await app.register(async (scope) => extraRoutes(scope));

  await app.ready();
  return app;
}
