import type { FastifyServerOptions } from 'fastify';

/**
 * Paths pino blanks out wherever they appear in a log line: credentials, session cookies and
 * every card field, at the depths request bodies and errors put them.
 */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  ...[
    'password',
    'currentPassword',
    'newPassword',
    'confirmPassword',
    'passwordHash',
    'token',
    'sessionId',
  ].flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
  ...[
    'cardDetails',
    'card',
    'cardNumber',
    'number',
    'cvv',
    'cvc',
    'expiryMonth',
    'expiryYear',
  ].flatMap((key) => [
    `cardDetails.${key}`,
    `*.cardDetails.${key}`,
    `body.${key}`,
    `*.body.${key}`,
  ]),
  'cardDetails',
  '*.cardDetails',
  '*.*.cardDetails',
];

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req(request: { method: string; url: string; id: string; headers: Record<string, unknown> }) {
        // The query string can hold personal data (booking look-ups by e-mail): log the path only.
        return { method: request.method, path: request.url.split('?')[0], id: request.id };
      },
    },
  };
}
