import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { ChannelManager } from "./channels/channel-manager.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import type { DomainEvents } from "./events/domain-events.ts";
import type { JobQueue } from "./jobs/queue.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import type { AuthDeps } from "./modules/auth/auth.service.ts";
import { companiesRoutes } from "./modules/companies/companies.routes.ts";
import { settingsRoutes } from "./modules/settings/settings.routes.ts";
import { systemRoutes } from "./modules/system/system.routes.ts";
import { registerAuth } from "./plugins/auth.ts";
import { registerErrorHandler } from "./plugins/error-handler.ts";
import { registerSpa } from "./plugins/spa.ts";
import { attachRealtime } from "./realtime/realtime.ts";

/** Everything the routes need, built once by main.ts (or by the tests). */
export interface AppDeps {
  config: Config;
  db: Db;
  events: DomainEvents;
  auth: AuthDeps;
  jobs: JobQueue;
  channels: ChannelManager;
  logger?: FastifyBaseLogger;
}

const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the Fastify instance with every route and the realtime server. Never listens. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: deps.config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    requestIdHeader: "x-request-id",
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        mediaSrc: ["'self'", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
    hsts: deps.config.env === "production",
  });
  await app.register(cookie);
  registerAuth(app, deps.auth);
  await registerSpa(app, deps.config.webDist);

  await app.register(systemRoutes(deps));
  await app.register(authRoutes(deps));
  await app.register(settingsRoutes(deps));
  await app.register(companiesRoutes(deps));

  attachRealtime(app, deps);
  return app;
}
