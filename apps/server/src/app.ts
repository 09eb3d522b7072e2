import { hostname } from 'node:os';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
// New passwords are checked against the list of common passwords (issue 16 point 8; contract passwords.ts).
import '@portal/contract/common-passwords';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { resolveAppSecret } from './config/app-secret.js';
import type { AppConfig } from './config/config.js';
import type { Database } from './db/database.js';
import { airlinesRoutes } from './modules/airlines/airlines.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { bookingLifecycleRoutes } from './modules/bookings/booking-lifecycle.routes.js';
import { bookingsRoutes } from './modules/bookings/bookings.routes.js';
import { startHoldSweeper, sweepAndReport, type ExpiredHold } from './modules/bookings/hold-sweeper.js';
import { notifyNameDeadlineOutcomes, startNameDeadlineJob, type NameDeadlineOutcome } from './modules/bookings/name-deadline-job.js';
import type { PeriodicJob } from './modules/jobs/periodic-job.js';
import { bannersRoutes } from './modules/banners/banners.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { insightsRoutes } from './modules/insights/insights.routes.js';
import { deadlinesRoutes } from './modules/deadlines/deadlines.routes.js';
import { documentsRoutes } from './modules/documents/documents.routes.js';
import { ledgerRoutes } from './modules/ledger/ledger.routes.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import { groupsRoutes } from './modules/groups/groups.routes.js';
import { shareRoutes } from './modules/share/share.routes.js';
import type { PassportOcr } from './modules/passport-read/passport-ocr.js';
import { passportReadRoutes } from './modules/passport-read/passport-read.routes.js';
import { TicketBoard } from './modules/tickets/ticket-board.js';
import { ticketsRoutes } from './modules/tickets/tickets.routes.js';
import { ticketingRoutes } from './modules/ticketing/ticketing.routes.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { mySectorsRoutes } from './modules/my-sectors/my-sectors.routes.js';
import { sectorsRoutes } from './modules/sectors/sectors.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { whatsappRoutes } from './modules/whatsapp/whatsapp.routes.js';
import { agentsRoutes } from './modules/agents/agents.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { emailsRoutes } from './modules/emails/emails.routes.js';
import { startMailDispatcher, type MailDispatcher } from './modules/emails/mail-dispatcher.js';
import { startDeadlineRemindersJob } from './modules/reminders/deadline-reminders-job.js';
import type { ReminderRunResult } from './modules/reminders/reminders.usecases.js';
import { dashboardButtonsRoutes } from './modules/dashboard-buttons/dashboard-buttons.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { registerRealtime } from './plugins/realtime.js';
import { notifySafely } from './modules/notifications/notifier.js';
import { registerAuth } from './plugins/auth.js';
import { registerDataChanges } from './plugins/data-changes.js';
import { registerReadCache } from './plugins/read-cache.js';
import { registerCompression } from './plugins/compression.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerFormBodies } from './plugins/form-body.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerRateLimit } from './plugins/rate-limit.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { hasSpaBuild, inlineScriptHashes, registerSpa, spaPageResolver } from './plugins/spa.js';
import { expiredHoldScopes } from './plugins/change-scopes.js';
import { registerServerTiming } from './plugins/server-timing.js';
import { registerStorage } from './plugins/storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    /** Signs download links (PRODUCT §2 APP_SECRET). */
    appSecret: string;
    /** Sends due outbox mail now when the dispatcher runs; does nothing otherwise (tests send themselves). */
    kickMail(): void;
    /**
     * The process's offered groups and their seats in memory (decision 047), told of every change: the shared ticket
     * reads and the dashboard's Ending Soon (decision 066) answer from it.
     */
    ticketBoard: TicketBoard;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  db: Database;
  /** A logger to use (tests pass a silent one); default: Fastify's pino at config.logLevel. */
  logger?: FastifyBaseLogger;
  /** Routes a test adds through the registrar before the app is sealed (e.g. an admin-only probe). */
  extraRoutes?: (app: FastifyInstance) => void | Promise<void>;
  /**
   * Run the hold sweeper (PRODUCT §4) while the app is up: main.ts turns it on; tests leave it off and call
   * sweepExpiredHolds themselves, so no timer runs behind them. intervalMs defaults to 30 s.
   */
  holdSweeper?: { intervalMs?: number } | false;
  /**
   * Run the mail dispatcher (PRODUCT §1 mail) while the app is up: main.ts turns it on; tests leave it off
   * and call dispatchDueEmails themselves.
   */
  mailDispatcher?: { intervalMs?: number } | false;
  /**
   * Run the name-deadline job (PRODUCT §6 names later, decision 030) while the app is up: main.ts turns it on with
   * the hold sweeper; tests leave it off and call runNameDeadlines with their own clock, or pass `now`.
   */
  nameDeadlines?: { intervalMs?: number; now?: () => Date } | false;
  /**
   * Run the deadline reminders (PRODUCT §6, decision 036) while the app is up: main.ts turns it on; tests leave it off
   * and call sendDueReminders with their own clock, or pass `now`.
   */
  deadlineReminders?: { intervalMs?: number; firstTickMs?: number; now?: () => Date } | false;
  /**
   * WORKERS > 1: this worker's place (1..N, main.ts), sent on every answer as X-Portal-Worker and put on its log
   * lines, so that an operator (and the cluster test) can tell the processes apart (decision 033).
   */
  worker?: number;
  /** Passport OCR to use (tests share one or set a small queue); default: the app's own (decision 028). */
  passportOcr?: PassportOcr;
}

/**
 * Fastify takes addresses/CIDRs as they are, but answers a bare hop count by trusting nobody (it cannot check
 * the peer); TRUST_PROXY=N means what it says in Express and proxy-addr: the socket peer and the N-1 entries
 * before it in X-Forwarded-For are proxies (hop 0 is the socket peer).
 */
function fastifyTrustProxy(trust: number | string[]): string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** Builds the whole application from a config and a database; main.ts listens, tests `inject`. */
export async function buildApp({
  config,
  db,
  logger,
  extraRoutes,
  holdSweeper = false,
  mailDispatcher = false,
  nameDeadlines = false,
  deadlineReminders = false,
  worker,
  passportOcr,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger
      ? { loggerInstance: logger }
      : { logger: { level: config.logLevel, ...(worker === undefined ? {} : { base: { pid: process.pid, hostname: hostname(), worker } }) } }),
    // 1 MB of JSON is far more than any form of the portal; files go through multipart with their own limit.
    bodyLimit: 1_048_576,
    // Behind a reverse proxy (TRUST_PROXY), request.ip, request.protocol and request.host come from the
    // X-Forwarded-* headers the trusted hops set; rate limits and request logs key on request.ip (decision 013).
    ...(config.trustProxy === undefined ? {} : { trustProxy: fastifyTrustProxy(config.trustProxy) }),
  });

  if (worker !== undefined) {
    const workerHeader = String(worker);
    // A callback hook, not an async one: it runs on every request (issue 20 point 2, decision 041).
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('x-portal-worker', workerHeader);
      done();
    });
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('appSecret', await resolveAppSecret(config));

  const serveSpa = hasSpaBuild(config.webDistDir);
  const spaPage = serveSpa ? spaPageResolver(config.webDistDir!) : undefined;
  registerErrorHandler(app, { spaPage });
  registerSecurityHeaders(app, serveSpa ? inlineScriptHashes(config.webDistDir!) : []);
  await registerRateLimit(app);
  await registerFormBodies(app);
  registerDataChanges(app);
  const ticketBoard = new TicketBoard({ db, publicUrl: config.publicUrl });
  app.dataChanges.onScopedChange((scopes) => ticketBoard.changed(scopes));
  app.decorate('ticketBoard', ticketBoard);
  registerAuth(app);
  registerReadCache(app, { timing: config.serverTiming });
  // After the read cache: its onSend keeps the plain answer, this one then compresses what goes out.
  registerCompression(app);
  // Last of the answer hooks: the time it states includes the cache's and the compression's work.
  if (config.serverTiming) registerServerTiming(app);
  await registerOpenApi(app);
  await registerStorage(app);
  await registerRealtime(app);
  if (serveSpa) await registerSpa(app, config.webDistDir!, spaPage);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(whatsappRoutes);
  await app.register(airlinesRoutes);
  await app.register(sectorsRoutes);
  await app.register(mySectorsRoutes);
  await app.register(groupsRoutes);
  await app.register(auditRoutes);
  await app.register(ticketsRoutes);
  await app.register(shareRoutes);
  await app.register(searchRoutes);
  await app.register(bookingsRoutes);
  await app.register(bookingLifecycleRoutes);
  await app.register(documentsRoutes);
  await app.register(paymentsRoutes);
  await app.register(ticketingRoutes);
  await app.register(passportReadRoutes, { ocr: passportOcr });
  await app.register(ledgerRoutes);
  await app.register(dashboardRoutes);
  await app.register(insightsRoutes);
  await app.register(deadlinesRoutes);
  await app.register(bannersRoutes);
  await app.register(dashboardButtonsRoutes);
  await app.register(agentsRoutes);
  await app.register(emailsRoutes);
  await app.register(notificationsRoutes);
  await app.register(settingsRoutes);
  if (extraRoutes) await app.register(async (scope) => extraRoutes(scope));

  if (holdSweeper) {
    let sweeper: ReturnType<typeof startHoldSweeper> | undefined;
    // The agent whose hold ran out is told, as for any cancellation of its booking (PRODUCT §4).
    const onCancelled = async (holds: ExpiredHold[]) => {
      // Seats came back and the holds' bookings changed state: the reads that show them are out of date, no others.
      app.dataChanges.changed(expiredHoldScopes(holds));
      for (const { id: bookingId } of holds) {
        await notifySafely(app.log, () => app.notifier.notifyBookingEvent({ actorUserId: null, notice: { kind: 'hold_expired', bookingId } }));
      }
    };
    app.addHook('onReady', async () => {
      // Holds that ran out while the server was down are released before it serves anyone (issue 16.14).
      await sweepAndReport({ db, logger: app.log, onCancelled });
      sweeper = startHoldSweeper({ db, logger: app.log, intervalMs: holdSweeper.intervalMs, onCancelled });
    });
    // Stopped before the caller closes the database (app.close() runs onClose first).
    app.addHook('onClose', async () => {
      await sweeper?.stop();
    });
  }

  if (nameDeadlines) {
    let job: PeriodicJob | undefined;
    const onHandled = async (outcomes: NameDeadlineOutcome[]) => {
      // Seats came back and bookings changed state: cached reads are out of date.
      app.dataChanges.changed();
      await notifyNameDeadlineOutcomes({ notifier: app.notifier, logger: app.log, outcomes });
    };
    app.addHook('onReady', async () => {
      job = startNameDeadlineJob({ db, logger: app.log, intervalMs: nameDeadlines.intervalMs, now: nameDeadlines.now, onHandled });
    });
    app.addHook('onClose', async () => {
      await job?.stop();
    });
  }

  if (deadlineReminders) {
    let job: PeriodicJob | undefined;
    // Stored and committed by the run: pushed now, and their e-mails sent without waiting for the next mail tick.
    const onSent = (result: ReminderRunResult) => {
      app.notifier.pushStored(result.notifications);
      if (result.emailsQueued > 0) app.kickMail();
    };
    app.addHook('onReady', async () => {
      job = startDeadlineRemindersJob({ db, logger: app.log, publicUrl: config.publicUrl, ...deadlineReminders, onSent });
    });
    app.addHook('onClose', async () => {
      await job?.stop();
    });
  }

  let dispatcher: MailDispatcher | undefined;
  app.decorate('kickMail', () => dispatcher?.kick());
  if (mailDispatcher) {
    app.addHook('onReady', async () => {
      dispatcher = startMailDispatcher({ db, config, logger: app.log, intervalMs: mailDispatcher.intervalMs });
    });
    app.addHook('onClose', async () => {
      await dispatcher?.stop();
    });
  }

  await app.ready();
  return app;
}
