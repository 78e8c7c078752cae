import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers with a strict Content-Security-Policy. Pages get a fresh nonce per response
 * (`reply.cspNonce.style`) for the one inline <style> the server writes (the brand theme); no
 * inline script runs anywhere.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, { secureCookies }: { secureCookies: boolean }) => {
    await app.register(helmet, {
      enableCSPNonces: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          'style-src': ["'self'"],
          'img-src': ["'self'", 'data:', 'https:'],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'"],
          'object-src': ["'none'"],
          'base-uri': ["'self'"],
          'form-action': ["'self'"],
          'frame-ancestors': ["'none'"],
          'manifest-src': ["'self'"],
          ...(secureCookies ? { 'upgrade-insecure-requests': [] } : {}),
        },
      },
      // HSTS only makes sense when the site is served over HTTPS.
      strictTransportSecurity: secureCookies
        ? { maxAge: 15_552_000, includeSubDomains: true }
        : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      void reply.header(
        'permissions-policy',
        'camera=(), microphone=(), geolocation=(), payment=(self)',
      );
      done(null, payload);
    });
  },
  { name: 'security' },
);
