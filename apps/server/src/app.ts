import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import helmet from "@fastify/helmet";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { ChannelManager } from "./channels/channel-manager.ts";
import type { SimulatorDriver } from "./channels/simulator/simulator-driver.ts";
import type { Config } from "./config.ts";
import type { Database, Db } from "./db/client.ts";
import type { DomainEvents } from "./events/domain-events.ts";
import type { JobQueue } from "./jobs/queue.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { Redis } from "./lib/redis.ts";
import type { ConversationEngine } from "./engine/engine.ts";
import { MAX_UPLOAD_BYTES, type MediaStore } from "./media/media-store.ts";
import { contactsRoutes } from "./modules/contacts/contacts.routes.ts";
import type { SpreadsheetLimits } from "./modules/contacts/spreadsheet-reader.ts";
import { messagesRoutes } from "./modules/messages/messages.routes.ts";
import { quickMessagesRoutes } from "./modules/quick-messages/quick-messages.routes.ts";
import { tagsRoutes } from "./modules/tags/tags.routes.ts";
import { ticketNotesRoutes } from "./modules/ticket-notes/ticket-notes.routes.ts";
import { ticketsRoutes } from "./modules/tickets/tickets.routes.ts";
import { usersRoutes } from "./modules/users/users.routes.ts";
import { passwordResetRoutes } from "./modules/account-codes/index.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import type { AuthDeps } from "./modules/auth/auth.service.ts";
import { companiesRoutes } from "./modules/companies/companies.routes.ts";
import { plansRoutes } from "./modules/plans/plans.routes.ts";
import { installationSettingsRoutes } from "./modules/installation-settings/index.ts";
import { auditRoutes } from "./modules/audit/index.ts";
import { cloudTemplatesRoutes } from "./modules/cloud-templates/index.ts";
import { signupRoutes } from "./modules/signup/signup.routes.ts";
import { helpsRoutes } from "./modules/helps/helps.routes.ts";
import { announcementsRoutes } from "./modules/announcements/announcements.routes.ts";
import { chatsRoutes } from "./modules/chats/index.ts";
import { connectionsRoutes } from "./modules/connections/connections.routes.ts";
import { queuesRoutes } from "./modules/queues/queues.routes.ts";
import { promptsRoutes } from "./modules/prompts/prompts.routes.ts";
import { queueIntegrationsRoutes } from "./modules/queue-integrations/queue-integrations.routes.ts";
import { distributionRoutes } from "./modules/distribution/index.ts";
import { schedulesRoutes } from "./modules/schedules/index.ts";
import { campaignsRoutes } from "./modules/campaigns/index.ts";
import { filesRoutes } from "./modules/files/index.ts";
import { dashboardRoutes } from "./modules/dashboard/dashboard.routes.ts";
import { kanbanRoutes } from "./modules/kanban/index.ts";
import { settingsRoutes } from "./modules/settings/settings.routes.ts";
import { simulatorRoutes } from "./modules/simulator/simulator.routes.ts";
import type { ImportLocks } from "./modules/contacts/import-locks.ts";
import { billingRoutes } from "./modules/billing/billing.routes.ts";
import { cloudWebhooksRoutes } from "./modules/cloud-webhooks/index.ts";
import type { PaymentProvider } from "./modules/billing/payment-provider.ts";
import { systemRoutes } from "./modules/system/system.routes.ts";
import { externalApiRoutes } from "./modules/external-api/external-api.routes.ts";
import { openApiRoutes } from "./modules/openapi/openapi.routes.ts";
import { registerAuth } from "./plugins/auth.ts";
import { registerCors } from "./plugins/cors.ts";
import { constrainIdParams } from "./plugins/id-params.ts";
import { answerFrameworkError, registerErrorHandler } from "./plugins/error-handler.ts";
import { registerRequestLog } from "./plugins/request-log.ts";
import { registerGracefulClose } from "./plugins/graceful-close.ts";
import { refuseNulCharacters } from "./plugins/input-guard.ts";
import { registerMetrics } from "./plugins/metrics.ts";
import { registerPlanGate } from "./plugins/plan-gate.ts";
import { responseSerializerCompiler } from "./plugins/response-serializer.ts";
import { recordRoutes } from "./plugins/route-table.ts";
import { rawSecurityHeaders, securityHeaderOptions } from "./plugins/security-headers.ts";
import { registerSpa } from "./plugins/spa.ts";
import { refuseUndeclaredUploads } from "./plugins/uploads.ts";
import { attachRealtime } from "./realtime/realtime.ts";
import { refuseForeignEchoedIds } from "./lib/echoed-record.ts";

/** Everything the routes need, built once by main.ts (or by the tests). */
export interface AppDeps {
  config: Config;
  db: Db;
  events: DomainEvents;
  auth: AuthDeps;
  jobs: JobQueue;
  channels: ChannelManager;
  media: MediaStore;
  engine: ConversationEngine;
  /** Sends mail (SMTP, .eml files in development, or off in production without SMTP_URL). */
  mailer: Mailer;
  /** The payment provider of billing (the payment simulator or EFI); none when payments are off. */
  payments?: PaymentProvider;
  /** The simulator driver, present only when the simulator is on. */
  simulator?: SimulatorDriver;
  /** One running contact import per company (a PostgreSQL advisory lock, or in memory on the embedded database). */
  importLocks: ImportLocks;
  /** Limits of contact spreadsheet imports, when not the defaults (tests shorten the time limit). */
  contactImport?: Partial<SpreadsheetLimits>;
  /** How often open sockets are checked against the database, when not every 30 s, and presence swept (tests shorten them). */
  realtime?: { sessionCheckMs?: number; presenceSweepMs?: number };
  /** Redis (REDIS_URL): realtime fan-out, presence and session calls across server processes. */
  redis?: Redis;
  /** The database itself (its pool's use is reported by /metrics). */
  database?: Pick<Database, "kind" | "pool">;
  logger?: FastifyBaseLogger;
}

const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the Fastify instance with every route and the realtime server. Never listens. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const isProduction = deps.config.env === "production";
  const app = Fastify({
    loggerInstance: deps.logger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: deps.config.trustProxy,
    // Path parameters up to 320 characters: the password reset's e-mail (up to 254) travels percent-encoded in the path.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 320 },
    requestIdHeader: "x-request-id",
    // One line per request, routine reads below info (plugins/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors: answerFrameworkError(rawSecurityHeaders(isProduction)),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Under test every answer is also written by the schema's encode, and the two must match.
  app.setSerializerCompiler(responseSerializerCompiler({ compareWithEncode: deps.config.env === "test" }));
  recordRoutes(app);
  registerRequestLog(app);
  constrainIdParams(app);
  registerGracefulClose(app);
  registerErrorHandler(app);
  registerMetrics(app, deps);
  refuseNulCharacters(app);
  refuseUndeclaredUploads(app);
  refuseForeignEchoedIds(app);

  await app.register(helmet, securityHeaderOptions(isProduction));
  await registerCors(app, deps.config.corsOrigins);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 10 } });
  registerAuth(app, deps.auth);
  registerPlanGate(app, deps.db);
  await registerSpa(app, deps.config.webDist);

  await app.register(systemRoutes(deps));
  await app.register(authRoutes(deps));
  await app.register(passwordResetRoutes(deps));
  await app.register(settingsRoutes(deps));
  await app.register(companiesRoutes(deps));
  await app.register(signupRoutes(deps));
  await app.register(plansRoutes(deps));
  await app.register(installationSettingsRoutes(deps));
  await app.register(auditRoutes(deps));
  await app.register(helpsRoutes(deps));
  await app.register(announcementsRoutes(deps));
  await app.register(messagesRoutes(deps));
  await app.register(ticketsRoutes(deps));
  await app.register(tagsRoutes(deps));
  await app.register(kanbanRoutes(deps));
  await app.register(ticketNotesRoutes(deps));
  await app.register(quickMessagesRoutes(deps));
  await app.register(usersRoutes(deps));
  await app.register(contactsRoutes(deps));
  await app.register(connectionsRoutes(deps));
  await app.register(cloudTemplatesRoutes({ db: deps.db, box: deps.auth.box, graphUrl: deps.config.whatsappCloudApiUrl }));
  await app.register(queuesRoutes(deps));
  await app.register(promptsRoutes(deps));
  await app.register(queueIntegrationsRoutes(deps));
  await app.register(distributionRoutes(deps));
  await app.register(schedulesRoutes(deps));
  await app.register(campaignsRoutes(deps));
  await app.register(filesRoutes(deps));
  await app.register(chatsRoutes(deps));
  await app.register(dashboardRoutes(deps));
  await app.register(externalApiRoutes(deps));
  await app.register(openApiRoutes());
  await app.register(billingRoutes(deps));
  await app.register(cloudWebhooksRoutes({ db: deps.db, box: deps.auth.box, jobs: deps.jobs }));

  // The WhatsApp simulator (sessions of the company only): only when it is on, which it never is by default in production.
  if (deps.config.simulator && deps.simulator) await app.register(simulatorRoutes({ db: deps.db, events: deps.events, simulator: deps.simulator, channels: deps.channels }));

  attachRealtime(app, deps);
  return app;
}
