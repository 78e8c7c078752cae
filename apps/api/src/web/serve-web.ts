import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { pageDescription } from '@contrail/contracts/page-descriptions';
import { canonicalPath, findPage, pageTitle, type KnownPage } from '@contrail/contracts/pages';
import type { SiteInfo } from '@contrail/contracts/site';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageUrl } from '../lib/site-url';
import { toCurrentUser, type BackOfficeCheck } from '../modules/auth/auth.service';
import { sendApiNotFound } from '../plugins/errors';
import { robotsTxt, sitemapXml } from './crawlers';
import { assertTemplate, renderPage } from './render-page';

// Requests for files (not app routes): a miss is a plain 404, never the app's HTML.
const FILE_LIKE =
  /^\/(?:assets\/|brand\/)|\.(?:js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|json|txt|xml|webmanifest)$/i;

export interface WebOptions {
  /** The built web app (apps/web/dist). */
  distDir: string;
  site: SiteInfo;
  opensBackOffice: BackOfficeCheck;
}

/**
 * Serves the built web app from the API process: hashed assets cached for a year; every page of
 * the app (`@contrail/contracts/pages`) answered with index.html carrying the request's brand and
 * the page's title, description and canonical link; any other path with the same HTML (the app
 * shows its not-found page) and status 404. robots.txt and sitemap.xml are written per brand host.
 */
export async function registerWeb(
  app: FastifyInstance,
  { distDir, site, opensBackOffice }: WebOptions,
): Promise<void> {
  const indexPath = join(distDir, 'index.html');
  const template = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;
  if (template !== undefined) {
    assertTemplate(template);
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      allowedPath: (pathName) => pathName !== '/index.html',
      // The build's .br and .gz of each file: nothing is compressed per request.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        void reply.header(
          'cache-control',
          filePath.startsWith(join(distDir, 'assets'))
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600',
        );
      },
    });
  }

  /** `page` undefined: no page of the app has this path. */
  const sendPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    page: KnownPage | undefined,
  ): Promise<void> => {
    if (template === undefined) {
      await reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send(
          'The web app is not built yet. Run `npm run build` (or `npm start`, which builds it).',
        );
      return;
    }
    const { brand } = await request.brand();
    const signedIn = await request.auth();
    const user = signedIn
      ? toCurrentUser(
          signedIn.user,
          signedIn.session.requiresPasswordChange,
          await opensBackOffice(signedIn.user),
        )
      : null;
    const canonical = canonicalPath(page);
    const html = renderPage(
      template,
      { brandKey: request.brandKey, brand, site, user },
      {
        title: pageTitle(page, brand.name),
        description: pageDescription(page, brand.name),
        canonicalUrl: canonical === null ? null : pageUrl(await request.siteUrl(), canonical),
      },
      reply.cspNonce.style,
      reply.cspNonce.script,
    );
    await reply
      .status(page ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache, private')
      .header('vary', 'Host, X-Forwarded-Host')
      .send(html);
  };

  // Crawlers ask each host for these: they name that brand's own URLs, so caches keep them apart.
  const sendCrawlerFile = (reply: FastifyReply, type: string, body: string) =>
    reply
      .type(type)
      .header('cache-control', 'public, max-age=3600')
      .header('vary', 'Host, X-Forwarded-Host')
      .send(body);
  app.get('/robots.txt', async (request, reply) =>
    sendCrawlerFile(reply, 'text/plain; charset=utf-8', robotsTxt(await request.siteUrl())),
  );
  app.get('/sitemap.xml', async (request, reply) =>
    sendCrawlerFile(reply, 'application/xml; charset=utf-8', sitemapXml(await request.siteUrl())),
  );

  app.get('/', (request, reply) => sendPage(request, reply, findPage('/')));
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/')) {
      sendApiNotFound(request, reply);
      return;
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && !FILE_LIKE.test(path)) {
      const page = findPage(path);
      request.logRoute = page?.path ?? null;
      await sendPage(request, reply, page);
      return;
    }
    await reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
