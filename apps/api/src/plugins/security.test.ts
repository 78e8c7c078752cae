import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { SONNER_STYLE_HASHES } from './security';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The stylesheet the installed Sonner (the web app's) writes into the page at start-up. */
function sonnerStylesheet(): string {
  const webPackage = fileURLToPath(new URL('../../../web/package.json', import.meta.url));
  const entry = createRequire(webPackage).resolve('sonner');
  const source = readFileSync(join(dirname(entry), 'index.mjs'), 'utf8');
  const literal = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(source)?.[1];
  if (literal === undefined) throw new Error('Sonner no longer injects its stylesheet this way');
  return JSON.parse(literal) as string;
}

describe("Sonner's stylesheet in the Content-Security-Policy", () => {
  const t = useTestApp();

  it('allows the hashes of the empty <style> and of the installed Sonner stylesheet', () => {
    // Sonner appends an empty <style>, then its rules: the browser checks both.
    expect(SONNER_STYLE_HASHES).toEqual([sha256(''), sha256(sonnerStylesheet())]);
  });

  it('lists them in style-src, beside the nonce and nothing unsafe', async () => {
    const header = String((await t.app.inject('/')).headers['content-security-policy']);
    const styleSrc = /(?:^|;)\s*style-src ([^;]*)/.exec(header)?.[1]?.split(' ') ?? [];
    expect(styleSrc.filter((source) => !source.startsWith("'nonce-"))).toEqual([
      "'self'",
      ...SONNER_STYLE_HASHES,
    ]);
    expect(styleSrc.some((source) => source.startsWith("'nonce-"))).toBe(true);
  });
});
