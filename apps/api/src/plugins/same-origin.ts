import { errorCodes } from '@contrail/contracts/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests a browser sent from another site (CSRF). Browsers send
 * Sec-Fetch-Site on every request; older ones at least send Origin on cross-origin writes. A
 * request with neither is not from a browser page, which cookies alone cannot be abused through.
 */
function isCrossSite(request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  try {
    return new URL(origin).host.toLowerCase() !== request.host.toLowerCase();
  } catch {
    return true;
  }
}

export const sameOriginPlugin = fp(
  (app: FastifyInstance, _options, done) => {
    app.addHook('onRequest', (request, _reply, next) => {
      if (!SAFE_METHODS.has(request.method) && isCrossSite(request)) {
        next(new AppError(403, errorCodes.forbidden, 'Cross-site requests are not allowed'));
        return;
      }
      next();
    });
    done();
  },
  { name: 'same-origin' },
);
