import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { repoRoot } from '../src/lib/package-root';

// `npm install` warns (EBADENGINE) for every installed package whose `engines.node` leaves out the
// Node version it runs on. The product supports every Node from its own floor (decision 004), so
// no locked package may leave out that floor; `overrides` in package.json picks older lines of
// the few that would (cookie, content-disposition).

const lockSchema = z.object({
  packages: z.record(
    z.string(),
    z.object({ version: z.string().optional(), engines: z.unknown().optional() }),
  ),
});

const read = (file: string): unknown => JSON.parse(readFileSync(join(repoRoot(), file), 'utf8'));

describe('Node engines', () => {
  it('installs on the oldest Node the product supports without engine warnings', () => {
    const range = z.object({ engines: z.object({ node: z.string() }) }).parse(read('package.json'))
      .engines.node;
    const floor = semver.minVersion(range)?.version;
    expect(floor).toBe('20.19.0');

    const refusing = Object.entries(lockSchema.parse(read('package-lock.json')).packages)
      .map(([path, entry]) => ({
        path,
        version: entry.version,
        node: z.object({ node: z.string() }).safeParse(entry.engines).data?.node,
      }))
      .filter(({ node }) => node !== undefined && !semver.satisfies(floor ?? '', node))
      .map(({ path, version, node }) => `${path}@${version ?? '?'} wants node ${node ?? ''}`);
    expect(refusing).toEqual([]);
  });
});
