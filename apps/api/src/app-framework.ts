// Fastify with the request log, validation, error answers and the headers every answer has.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { followConnections } from './lib/http-connections';
import { responseSerializerCompiler } from './lib/response-serializer';
import { fastifyTrustProxy, trustsPeer } from './lib/trust-proxy';
import { answerClientError } from './plugins/client-errors';
import { registerErrorHandling } from './plugins/errors';
import { answerFrameworkError, inputGuardPlugin } from './plugins/input-guard';
import { loggerOptions, RequestLogController, requestLogPlugin } from './plugins/logging';
import type { AppDeps } from './app-deps';

/** Fastify with the request log, validation, error answers and the headers every answer has. */
export async function createFramework({ config, logger, onRoute }: AppDeps) {
  const app = Fastify({
    logger: logger ?? loggerOptions(config.LOG_LEVEL),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    logController: new RequestLogController(),
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: config.BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2000 },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  // From the first connection: stopping must know every answer each one still owes.
  followConnections(app.server);
  if (onRoute) app.addHook('onRoute', onRoute);

  await app.register(requestLogPlugin);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  // Writes accept JSON only: without a text parser, any other body type answers 415.
  app.removeContentTypeParser(['text/plain']);
  registerErrorHandling(app);
  await app.register(inputGuardPlugin, { trustsPeer: trustsPeer(config.TRUST_PROXY) });

  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      void reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
  return app;
}

export type App = Awaited<ReturnType<typeof createFramework>>;
