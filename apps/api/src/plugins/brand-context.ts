import { BRAND_HEADER, BRAND_QUERY_PARAM } from '@contrail/contracts/site';
import { resolveBrandKey } from '@contrail/contracts/brand-key';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { BrandContext, BrandsService } from '../modules/brands/brands.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The brand key from the Host (or, on localhost and IP hosts, X-Brand / ?brand=). */
    brandKey: string;
    /** The request's brand, loaded once per request on first use. */
    brand(): Promise<BrandContext>;
  }
}

function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Which brand a request belongs to. `request.host` honours X-Forwarded-Host only when TRUST_PROXY
 * is on. API calls name the brand on localhost and IP hosts with the X-Brand header (the web client
 * sets it from its ?brand= parameter); pages take the ?brand= parameter itself.
 */
function brandKeyOf(request: FastifyRequest): string {
  const header = firstValue(request.headers[BRAND_HEADER]);
  const query = (request.query as Record<string, unknown> | undefined)?.[BRAND_QUERY_PARAM];
  const explicit = header ?? (typeof query === 'string' ? query : undefined);
  return resolveBrandKey(request.host, explicit);
}

export const brandContextPlugin = fp<{ brands: BrandsService }>(
  (app: FastifyInstance, { brands }, done) => {
    app.decorateRequest('brandKey', '');
    app.decorateRequest('brand', function brand(this: FastifyRequest): Promise<BrandContext> {
      throw new Error(`brand() used before the brand hook ran on ${this.url}`);
    });
    app.addHook('onRequest', (request, _reply, next) => {
      request.brandKey = brandKeyOf(request);
      let loaded: Promise<BrandContext> | undefined;
      request.brand = () => (loaded ??= brands.resolveContext(request.brandKey));
      next();
    });
    done();
  },
  { name: 'brand-context' },
);
