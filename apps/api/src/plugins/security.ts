import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * What the Google tag (gtag.js) loads and talks to, after Google's CSP guide for Analytics 4 and
 * Ads conversions. Images need nothing more: img-src already allows any https: source.
 */
export const GOOGLE_TAG_SOURCES = {
  'script-src': [
    'https://www.googletagmanager.com',
    'https://www.googleadservices.com',
    'https://googleads.g.doubleclick.net',
    'https://www.google.com',
  ],
  'connect-src': [
    'https://www.googletagmanager.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://www.googleadservices.com',
    'https://googleads.g.doubleclick.net',
    'https://pagead2.googlesyndication.com',
    'https://www.google.com',
  ],
  'frame-src': ["'self'", 'https://td.doubleclick.net', 'https://bid.g.doubleclick.net'],
} as const;

/**
 * What Stripe.js and its Payment Element load and talk to (Stripe's CSP guide): the script, its
 * frames (the element, 3-D Secure) and its API.
 */
export const STRIPE_SOURCES = {
  'script-src': ['https://js.stripe.com', 'https://*.js.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
} as const;

/**
 * The stylesheets the web app's toast library (Sonner) writes into the page's <head> at start-up:
 * an empty <style> element, then its rules. A script-made <style> cannot carry the response's
 * nonce, so the policy allows exactly these two by their SHA-256 hashes. A Sonner upgrade that
 * changes its rules changes the hash: security.test.ts recomputes it from the installed package.
 */
export const SONNER_STYLE_HASHES = [
  "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
  "'sha256-StEaX+se6YS7pqjzrzMIA0KaX9zF/8zAhvQXZAe5epY='",
] as const;

export interface SecurityOptions {
  secureCookies: boolean;
  /** A Google tag is configured: its origins join the policy (never otherwise). */
  googleTag?: boolean;
  /** Stripe takes card payments in some mode: its origins join the policy (never otherwise). */
  stripe?: boolean;
}

/**
 * Security headers with a strict Content-Security-Policy. Pages get fresh nonces per response:
 * `reply.cspNonce.style` for the one inline <style> the server writes (the brand theme) besides
 * the toast library's stylesheets (SONNER_STYLE_HASHES), and
 * `reply.cspNonce.script` for the Google tag the app adds when one is configured. No inline
 * script runs anywhere.
 */
export const securityPlugin = fp(
  async (
    app: FastifyInstance,
    { secureCookies, googleTag = false, stripe = false }: SecurityOptions,
  ) => {
    const google = (directive: keyof typeof GOOGLE_TAG_SOURCES) =>
      googleTag ? GOOGLE_TAG_SOURCES[directive] : [];
    const stripeSources = (directive: keyof typeof STRIPE_SOURCES) =>
      stripe ? STRIPE_SOURCES[directive] : [];
    const frames = [...google('frame-src'), ...stripeSources('frame-src')];
    await app.register(helmet, {
      enableCSPNonces: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'", ...google('script-src'), ...stripeSources('script-src')],
          'style-src': ["'self'", ...SONNER_STYLE_HASHES],
          'img-src': ["'self'", 'data:', 'https:'],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'", ...google('connect-src'), ...stripeSources('connect-src')],
          ...(frames.length > 0 ? { 'frame-src': [...new Set(frames)] } : {}),
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
