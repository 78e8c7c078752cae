import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { SiteInfo } from '@contrail/contracts/site';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toCurrentUser } from '../modules/auth/auth.service';
import { sendApiNotFound } from '../plugins/errors';
import { assertTemplate, renderPage } from './render-page';

// Requests for files (not app routes): a miss is a plain 404, never the app's HTML.
const FILE_LIKE =
  /^\/(?:assets\/|brand\/)|\.(?:js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|json|txt|xml|webmanifest)$/i;

export interface WebOptions {
  /** The built web app (apps/web/dist). */
  distDir: string;
  site: SiteInfo;
}

/**
 * Serves the built web app from the API process: hashed assets cached for a year, every other
 * GET that is not an API route answered with index.html carrying the request's brand.
 */
export async function registerWeb(
  app: FastifyInstance,
  { distDir, site }: WebOptions,
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

  const sendPage = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
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
      ? toCurrentUser(signedIn.user, signedIn.session.requiresPasswordChange)
      : null;
    const html = renderPage(
      template,
      { brandKey: request.brandKey, brand, site, user },
      reply.cspNonce.style,
      reply.cspNonce.script,
    );
    await reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache, private')
      .header('vary', 'Host, X-Forwarded-Host')
      .send(html);
  };

  app.get('/', sendPage);
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/')) {
      sendApiNotFound(request, reply);
      return;
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && !FILE_LIKE.test(path)) {
      await sendPage(request, reply);
      return;
    }
    await reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
