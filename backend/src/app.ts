import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { trustProxyOption } from './config';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import accountRoutes from './accounts/routes';
import adminJobRoutes from './admin/jobs.routes';
import adminLiveStatusRoutes from './admin/liveStatus.routes';
import adminRoutes from './admin/routes';
import bookingRoutes from './bookings/routes';
import barberReportRoutes from './bookings/barberReports.routes';
import calendarRoutes from './calendar/routes';
import catalogRoutes from './catalog/routes';
import authPlugin from './plugins/auth';
import depsPlugin, { type Deps } from './plugins/deps';
import docsPlugin from './plugins/docs';
import errorsPlugin from './plugins/errors';
import frontendPlugin from './plugins/frontend';
import headersPlugin from './plugins/headers';
import { redactingLogger } from './plugins/logRedaction';
import notificationRoutes from './notifications/routes';
import paymentRoutes from './payments/routes';
import healthPlugin from './plugins/health';
import platformRoutes from './platform/routes';
import securityPlugin from './plugins/security';
import realtimePlugin from './realtime/socket';
import referenceRoutes from './reference/routes';
import waitlistRoutes from './waitlist/routes';

export interface AppOptions {
  logger?: FastifyServerOptions['logger'];
  /** Serve the built frontend and the SPA fallback (off in API tests). */
  serveFrontend?: boolean;
  realtime?: boolean;
}

/** Builds the HTTP application on resources the caller owns (and closes). */
export async function buildApp(deps: Deps, options: AppOptions = {}) {
  const app = Fastify({
    logger: redactingLogger(options.logger ?? false),
    // Forwarded headers only from the configured proxies: otherwise anyone could pick their address.
    trustProxy: trustProxyOption(deps.config.TRUST_PROXY),
    // Unique across instances and restarts: the log's reqId and the correlation id of the events a request appends.
    genReqId: () => randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(depsPlugin, deps);
  await app.register(errorsPlugin);
  await app.register(headersPlugin);
  await app.register(docsPlugin);
  await app.register(authPlugin);
  await app.register(securityPlugin);
  await app.register(healthPlugin);
  if (options.realtime !== false) await app.register(realtimePlugin);

  await app.register(accountRoutes);
  await app.register(referenceRoutes);
  await app.register(bookingRoutes);
  await app.register(barberReportRoutes);
  await app.register(adminRoutes);
  await app.register(platformRoutes);
  await app.register(paymentRoutes);
  await app.register(notificationRoutes);
  await app.register(adminJobRoutes);
  await app.register(adminLiveStatusRoutes);
  await app.register(catalogRoutes);
  await app.register(waitlistRoutes);
  await app.register(calendarRoutes);

  if (options.serveFrontend) await app.register(frontendPlugin);
  else
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send({ message: `No route ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' }),
    );
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
