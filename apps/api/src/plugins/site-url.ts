import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { siteUrlFor, type KnownSites, type SiteUrl } from '../lib/site-url';

declare module 'fastify' {
  interface FastifyRequest {
    /** Where this request's brand is reached, for absolute links in e-mails. */
    siteUrl(): Promise<SiteUrl>;
  }
}

export const siteUrlPlugin = fp<{ sites: KnownSites }>(
  (app: FastifyInstance, { sites }, done) => {
    app.decorateRequest('siteUrl', async function siteUrl(this: FastifyRequest) {
      const { key } = await this.brand();
      return siteUrlFor(this, key, sites);
    });
    done();
  },
  { name: 'site-url', dependencies: ['brand-context'] },
);
