import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { ATTACHMENT_MAX_BYTES } from './contract/constants.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './errors/error-handler.ts';
import { collectApiDocument, serveApiDocs } from './docs/openapi.ts';
import { ApiError } from './errors/api-error.ts';
import { createDivisionStore } from './divisions/store.ts';
import { createDivisionService } from './divisions/service.ts';
import { divisionRoutes } from './divisions/routes.ts';
import { isApiPath, webRoutes } from './web/routes.ts';
import { createStaffStore } from './staff/store.ts';
import { createStaffService } from './staff/service.ts';
import { createTwoFactor, twoFactorKey } from './staff/two-factor.ts';
import { createTwoFactorStore } from './staff/two-factor-store.ts';
import { createChallenges } from './auth/challenge.ts';
import { staffRoutes } from './staff/routes.ts';
import { alertRoutes } from './staff/alerts-routes.ts';
import { setUpAlerts } from './staff/alerts-setup.ts';
import { createStaffAdminStore } from './administration/staff-users-store.ts';
import { createStaffAdminService } from './administration/staff-users-service.ts';
import { staffAdminRoutes } from './administration/staff-users-routes.ts';
import { createDivisionAdminStore } from './administration/organisation-store.ts';
import { createDivisionAdminService } from './administration/organisation-service.ts';
import { createCaseRequestAdminStore } from './administration/case-requests-store.ts';
import { createCaseRequestAdminService } from './administration/case-requests-service.ts';
import { createSettingsStore } from './administration/settings-store.ts';
import { createSettingsService } from './administration/settings-service.ts';
import { adminRoutes } from './administration/reference-routes.ts';
import { createAuditStore } from './management/audit-store.ts';
import { createAuditService } from './management/audit-service.ts';
import { auditRoutes } from './management/audit-routes.ts';
import { createManagementStore } from './management/store.ts';
import { createManagementService } from './management/service.ts';
import { managementRoutes } from './management/routes.ts';
import { createPerformanceStore } from './performance/store.ts';
import { createPerformanceService } from './performance/service.ts';
import { performanceRoutes } from './performance/routes.ts';
import { createAccusationStore } from './accusations/store.ts';
import { createAccusationService } from './accusations/service.ts';
import { accusationRoutes } from './accusations/routes.ts';
import { createReviewStore } from './accusation-review/store.ts';
import { createReviewService } from './accusation-review/service.ts';
import { reviewRoutes } from './accusation-review/routes.ts';
import multipart from '@fastify/multipart';
import { loadTokenSecret } from './auth/secret.ts';
import { createSessions } from './auth/sessions.ts';
import { createGuessLimit } from './auth/guess-limit.ts';
import { createAttemptCounters } from './auth/attempt-counters.ts';
import { createSignIn } from './auth/sign-in.ts';
import { createTokenSigner } from './auth/tokens.ts';
import { fileStorageFor } from './files/storage.ts';
import { mediaRoutes } from './files/routes.ts';
import { createUploadRows } from './uploads/store.ts';
import { setUpUploads, uploadStoreFor } from './uploads/setup.ts';
import { createUploadAttachments } from './uploads/attachments.ts';
import { createMailer } from './mail/mailer.ts';
import { setUpNotifications } from './notifications/setup.ts';
import { channelChoiceRoutes } from './notifications/channel-choice-routes.ts';
import { createAccountClosing } from './privacy/closing.ts';
import { privacyRoutes } from './privacy/routes.ts';
import { setUpRetention } from './privacy/setup.ts';
import { createChannelChoiceStore } from './notifications/channel-choice-store.ts';
import { createChannelChoiceService } from './notifications/channel-choice-service.ts';
import { createStatusLookup } from './cases/status-lookup.ts';
import { botNameOf, telegramBotFor, telegramSender } from './telegram/setup.ts';
import { telegramRoutes } from './telegram/routes.ts';
import { smsRoutes } from './sms/routes.ts';
import { createSmsService } from './sms/service.ts';
import { createSmsStore } from './sms/store.ts';
import { createAccountStore } from './accounts/store.ts';
import { createAccountService } from './accounts/service.ts';
import { accountRoutes } from './accounts/routes.ts';
import { createPhoneTexts } from './accounts/phone-codes.ts';
import { createCaseRequestStore } from './cases/case-request-store.ts';
import { createCaseRequestService } from './cases/case-request-service.ts';
import { caseRequestRoutes } from './cases/case-request-routes.ts';
import { createCaseStore } from './cases/store.ts';
import { createCaseService } from './cases/service.ts';
import { createPrintLinks } from './cases/print-links.ts';
import { createViewer } from './cases/viewer.ts';
import { caseRoutes } from './cases/routes.ts';
import { caseworkRoutes } from './casework/routes.ts';
import { createArchiveStore } from './archive/store.ts';
import { createArchiveService } from './archive/service.ts';
import { archiveRoutes } from './archive/routes.ts';
import { createCaseworkService } from './casework/service.ts';
import { createCaseworkStore } from './casework/store.ts';
import { createQueueStore } from './casework/queue-store.ts';
import { createDueDates } from './casework/due-date-store.ts';
import { caseFileResolver } from './cases/case-files.ts';
import { staffCaseFiles } from './casework/case-files.ts';
import { setUpInformationRequests } from './casework/information-request-setup.ts';
import { informationRequestRoutes } from './casework/information-request-routes.ts';
import { createRatingStore } from './ratings/store.ts';
import { createRatingService } from './ratings/service.ts';
import { createRatingLinks } from './ratings/rating-links.ts';
import { ratingRoutes } from './ratings/routes.ts';
import type { ReadinessCheck } from './health/readiness.ts';
import { databaseReadiness } from './health/database.ts';
import { redisCountingFor } from './limits/rate-limit-store.ts';
import compress from '@fastify/compress';
import { securityHeaders } from './web/security-headers.ts';
import { refuseNulBytes } from './web/text-input.ts';
import { schemaCompilers } from './web/schema-compilers.ts';
import { closeAfterRequestsInFlight } from './web/requests-in-flight.ts';
import { loggerOptions } from './web/logging.ts';
import { canEraseAuditLog } from './db/runtime-role.ts';
import { healthRoutes } from './health/routes.ts';
import { serveMetrics } from './metrics/listener.ts';
import type { Queryable } from './db/database.ts';
import type { MovedCase } from './notifications/notices.ts';
import type { MoveForAlerts } from './staff/alerts-service.ts';
import { createCaseReviewStore } from './casework/case-review-store.ts';
import { createCaseReviewService } from './casework/case-review.ts';
import { caseReviewRoutes } from './casework/case-review-routes.ts';
import { createWithdrawStore } from './cases/withdraw-store.ts';
import { createWithdrawService } from './cases/withdraw-service.ts';
import { withdrawRoutes } from './cases/withdraw-routes.ts';
import { createMyDataStore } from './my-data/store.ts';
import { createMyDataService } from './my-data/service.ts';
import { myDataRoutes } from './my-data/routes.ts';

export interface AppOptions {
  config: Config;
  db: Database;
  /** true (the default) logs at LOG_LEVEL to stdout; an object adds pino options (a test's stream); false is silent. */
  logger?: boolean | object;
  /** The clock session tokens are stamped and checked with; tests move it instead of sleeping. */
  clock?: () => number;
}

/**
 * Fastify 5.12 ignores a bare hop count (it fails closed), so a count becomes the
 * proxy-addr rule it stands for: the nearest `hops` senders are proxies.
 */
function proxyTrust(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** Builds the whole server; main.ts and every API test call this with the same options. */
export async function buildApp({ config, db, logger = true, clock = Date.now }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === false ? false : loggerOptions(config.logLevel, logger === true ? {} : logger),
    // Only the configured proxies may name the client address (TRUST_PROXY); every per-address limit counts by it.
    trustProxy: proxyTrust(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Refusals made before a route runs answer in the same JSON as every other.
    frameworkErrors,
    clientErrorHandler,
    // Ids and filters arrive as strings; coerce "2" to 2 and keep extra fields out.
    ajv: { customOptions: { coerceTypes: true, removeAdditional: 'all', allErrors: false } },
    schemaController: { compilersFactory: schemaCompilers },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // First, so its onClose runs last: app.close() resolves once every request started has ended.
  closeAfterRequestsInFlight(app);
  registerErrorHandler(app);
  securityHeaders(app);
  refuseNulBytes(app);
  // API answers above 1 KB; the app's files are compressed at build time and pass untouched,
  // and PDFs and pictures (compressed already) stream as they are.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  if (config.metricsPort) await serveMetrics(app, { port: config.metricsPort, host: config.metricsHost, poolStats: db.poolStats });
  // Filled by each dependency below; GET /readyz runs them all.
  const readinessChecks: ReadinessCheck[] = [];
  // Before any route: it collects them as they are added.
  await collectApiDocument(app, process.env.npm_package_version ?? '0.1.0');
  db.logTo(app.log);
  readinessChecks.push(databaseReadiness(db));

  const sharedCounting = config.redisUrl ? await redisCountingFor(app, config.redisUrl, config.redisKeyPrefix) : undefined;
  if (sharedCounting) readinessChecks.push(sharedCounting.readiness);
  await app.register(rateLimit, {
    global: true,
    // The app's own files are counted apart, with room for the ~50 a first visit loads,
    // so browsing never eats into the API budget and the API never blocks the app shell.
    max: (request) => (isApiPath(request.url) ? config.rateLimit.max : config.rateLimit.max * 10),
    keyGenerator: (request) => `${request.ip}:${isApiPath(request.url) ? 'api' : 'app'}`,
    timeWindow: config.rateLimit.windowMs,
    // Without Redis the plugin counts in this process; with it, in Redis or here while it is away.
    ...(sharedCounting ? { store: sharedCounting.store } : {}),
    // The error handler turns this into the 429 body with Retry-After: 180 (SPEC section 8).
    errorResponseBuilder: () => new ApiError(429, 'tooManyRequests'),
  });

  // Each upload route sets its own tighter limits; these bound everything else.
  await app.register(multipart, { limits: { fields: 30, fieldSize: 100_000, files: 2, fileSize: ATTACHMENT_MAX_BYTES } });

  const secret = await loadTokenSecret(db, config.tokenSecret);
  if (db.kind === 'postgres' && (await canEraseAuditLog(db))) {
    app.log.warn('the audit log is not protected: this database role can truncate it or disable its trigger; run migrations as the owner with DATABASE_OWNER_URL (docs/operations.md#the-audit-log)');
  }
  const sessions = createSessions(db, createTokenSigner(secret), config.tokenTtlSeconds, clock);
  // Issue 27: resumable uploads (/uploads/). A submission's attachment_upload is copied into
  // storage, and claiming that copy marks the upload used in the submission's transaction.
  const uploadRows = createUploadRows(db);
  const uploadStore = uploadStoreFor(db, config.dataDir, uploadRows, clock);
  const uploads = createUploadAttachments({ rows: uploadRows, store: uploadStore, clock });
  const storage = uploads.claimingUploads(fileStorageFor(db, config.dataDir));
  // Uploads a crash cut off, or left before their row was stored, are referenced by nothing; they only take space.
  const orphans = await storage.removeOrphans();
  if (orphans) app.log.warn(`removed ${orphans} unfinished or unclaimed upload(s) left by an earlier stop`);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir }, app.log);
  // The customers' notices of their cases' moves: queued with each move, sent by every instance's drain.
  // Issue 25: the "answered" mail's one-tap rating link is signed with the token key, checked by the ratings.
  const ratingLinks = createRatingLinks(secret);
  // Issue 26: what a number asked about by SMS or Telegram finds: what /checkstatus shows anyone.
  const statusLookup = createStatusLookup({
    caseByNumber: createCaseStore(db, config.caseNumberPrefix, clock).publicCaseByNumber, accusationByReference: createReviewStore(db).statusByReference,
  });
  // The Telegram bot (off without TELEGRAM_BOT_TOKEN): it answers with that lookup, and the notices go to its linked chats.
  // Its /start offers the selector's languages, read from the admin's settings (made below) at each /start.
  const telegramBot = telegramBotFor(config, { db, lookUp: statusLookup, offered: () => settings.languages(), clock });
  const notifications = setUpNotifications(app, { db, mailer, config, clock, ratingLinks, telegram: telegramBot && telegramSender(telegramBot) });
  const channelChoices = createChannelChoiceService({ store: createChannelChoiceStore(db), botName: botNameOf(telegramBot, app.log) });
  await app.register(channelChoiceRoutes, { service: channelChoices, sessions });
  await app.register(telegramRoutes, { bot: telegramBot, webhookSecret: config.telegram.webhookSecret, lookupLimit: config.lookupLimit });

  await app.register(divisionRoutes, { service: createDivisionService(createDivisionStore(db)), sessions });
  const attempts = createAttemptCounters(db);
  const signIn = createSignIn(attempts, {
    perAddress: config.guessLimit.max,
    perAccount: config.signInAccountLimitMax,
    windowMs: config.guessLimit.windowMs,
  });
  await app.register(accountRoutes, {
    service: createAccountService({
      store: createAccountStore(db), sessions, mailer, secret, publicUrl: config.publicUrl, signIn, storage, clock, passwordChanged: notifications.passwordChanged,
      // Issue 26: a phone account's codes go by this instance's SMS provider, counted per number in the database.
      phoneTexts: createPhoneTexts({ sms: notifications.sms, counters: attempts, log: app.log }),
    }),
    sessions,
    storage,
    guessLimit: createGuessLimit(attempts, config.guessLimit),
  });
  // Issue 28: a customer closes their account (erasure); every instance sweeps what is kept past its period.
  await app.register(privacyRoutes, { closing: createAccountClosing({ db, sessions, storage, clock }), sessions, guessLimit: createGuessLimit(attempts, config.guessLimit) });
  setUpRetention(app, { db, storage, clock, retention: config.retention });
  const caseRequests = createCaseRequestStore(db);
  // Cases filed before due dates were stored (and the demo's) get theirs: lateness is read from them.
  // The holidays the due dates skip are the admin's data, read at each filing.
  const settings = createSettingsService(createSettingsStore(db), clock);
  const dueDates = createDueDates(db, () => settings.calendar());
  // Staff alerts: raised in the moves' and filings' transactions, and by every instance's due-date sweep.
  const alerts = setUpAlerts(app, { db, notifier: notifications, holidays: () => settings.calendar(), clock });
  await dueDates.fillMissing();
  const caseStore = createCaseStore(db, config.caseNumberPrefix, clock);
  const cases = createCaseService({
    cases: caseStore,
    caseRequests,
    printLinks: createPrintLinks(secret),
    storage,
    dueAt: dueDates.dueAt,
  });
  const viewer = createViewer(sessions);
  await app.register(caseRequestRoutes, { service: createCaseRequestService(caseRequests), sessions });
  await app.register(caseRoutes, { service: cases, sessions, viewer, storage, uploads, lookupLimit: config.lookupLimit });
  const ratings = createRatingService({ store: createRatingStore(db), links: ratingLinks, clock });
  await app.register(ratingRoutes, { service: ratings, sessions });
  const archive = createArchiveService({ store: createArchiveStore(db), clock });
  // What a move tells the customer and the staff, in its transaction: a casework move's and a review's alike.
  const told = async (tx: Queryable, move: MovedCase & MoveForAlerts) => {
    await notifications.queueFor(tx, move);
    await alerts.afterMove(tx, move);
  };
  // Issue 25: reviews of a decision; their letters say what the casework's response letters say of a case.
  const caseFacts = createCaseworkStore(db);
  const reviews = createCaseReviewService({
    store: createCaseReviewStore(db, told),
    windowDays: config.dialogue.reviewWindowDays,
    holidays: (tx) => settings.calendar(tx),
    dueAt: dueDates.dueAt,
    letterFacts: caseFacts.letterFacts,
    directorateOf: caseFacts.directorateOf,
    storage,
    clock,
  });
  const casework = createCaseworkService({
    store: createCaseworkStore(db, async (tx, move) => {
      await told(tx, move);
      // A decision opens its review window.
      await reviews.afterMove(tx, move);
    }),
    queue: createQueueStore(db),
    holidays: () => settings.calendar(),
    cases,
    ratings,
    storage,
    clock,
    isActiveCategory: archive.isActiveCategory,
  });
  await app.register(mediaRoutes, { storage, caseFiles: caseFileResolver(cases, viewer, staffCaseFiles(sessions, casework, storage)) });
  const twoFactor = createTwoFactor({ store: createTwoFactorStore(db), key: twoFactorKey(secret), clock });
  await app.register(staffRoutes, {
    service: createStaffService({
      store: createStaffStore(db), sessions, signIn, twoFactor, challenges: createChallenges(secret, clock), counters: attempts, codeLimit: config.guessLimit, clock,
    }),
    sessions,
  });
  await app.register(alertRoutes, { service: alerts, sessions });
  await app.register(staffAdminRoutes, {
    service: createStaffAdminService({ store: createStaffAdminStore(db), mailer, publicUrl: config.publicUrl, clock, passwordChanged: notifications.passwordChanged }),
    sessions,
  });
  await app.register(adminRoutes, {
    divisions: createDivisionAdminService(createDivisionAdminStore(db), clock),
    caseRequests: createCaseRequestAdminService(createCaseRequestAdminStore(db), clock),
    settings,
    sessions,
  });
  await app.register(auditRoutes, { service: createAuditService(createAuditStore(db)), sessions });
  await app.register(managementRoutes, { service: createManagementService(createManagementStore(db), clock, () => settings.calendar(), ratings), sessions });
  // Issue 28: the public performance figures and their open data, cached per instance.
  await app.register(performanceRoutes, { service: createPerformanceService(createPerformanceStore(db), clock, () => settings.calendar()) });
  await app.register(caseworkRoutes, { service: casework, sessions, storage, uploads });
  await app.register(caseReviewRoutes, { service: reviews, sessions });
  // Issue 28: the customer withdraws a case not yet answered (the holder is alerted), and downloads their data.
  await app.register(withdrawRoutes, { service: createWithdrawService({ store: createWithdrawStore(db, told), clock }), sessions });
  await app.register(myDataRoutes, { service: createMyDataService({ store: createMyDataStore(db), cases, storage, clock }), sessions });
  // Ask the customer (issue 25): the officer's request and close, the customer's answer, the reminders' sweep.
  const informationRequests = setUpInformationRequests(app, {
    db, casework, holidays: () => settings.calendar(), alerts, notices: notifications, days: config.dialogue, clock,
  });
  await app.register(informationRequestRoutes, { service: informationRequests, sessions, storage, uploads });
  await app.register(archiveRoutes, { service: archive, fileCase: casework.archive, fileCases: casework.archiveMany, refileCase: casework.refile, sessions });
  const accusations = createAccusationStore(db, alerts.accusationFiled);
  await app.register(accusationRoutes, {
    service: createAccusationService({ store: accusations, storage, referencePrefix: config.accusationReferencePrefix }),
    sessions,
    storage,
    uploads,
    submissionLimit: createGuessLimit(attempts, config.submissionLimit),
  });
  await setUpUploads(app, {
    db, store: uploadStore,
    creationLimit: createGuessLimit(attempts, config.submissionLimit)('upload', (request) => request.ip),
  });
  await app.register(reviewRoutes, {
    service: createReviewService({ store: createReviewStore(db), clock }),
    sessions,
    lookupLimit: config.lookupLimit,
  });
  // Issue 26: the SMS gateway's webhooks; an SMS status check reads what the web one reads.
  const smsService = createSmsService({
    store: createSmsStore(db), sms: notifications.sms, lookUp: statusLookup, clock,
  });
  await app.register(smsRoutes, { service: smsService, webhookSecret: config.sms.webhookSecret, lookupLimit: config.lookupLimit });
  await serveApiDocs(app);
  await app.register(healthRoutes, { checks: readinessChecks });
  await app.register(webRoutes, { staticDir: config.staticDir });
  return app;
}
