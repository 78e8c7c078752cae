import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';

let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'contrail-embedded-'));
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('the embedded database in a directory', () => {
  it('creates a new directory in a thread of its own, and the server thread opens it', async () => {
    const memoryBefore = process.memoryUsage().external;
    const first = await openDatabase({ dataDir: root });
    try {
      expect(existsSync(join(root, 'pglite', 'PG_VERSION'))).toBe(true);
      await first.executeSql('create table kept (id int primary key)');
      await first.executeSql('insert into kept values ($1)', [7]);
      // initdb's WebAssembly memory (some 480 MB) stayed in the thread that ended.
      expect(process.memoryUsage().external - memoryBefore).toBeLessThan(400 * 1024 * 1024);
    } finally {
      await first.close();
    }
    const again = await openDatabase({ dataDir: root });
    try {
      expect((await again.executeSql('select id from kept', [])).rows).toEqual([{ id: 7 }]);
    } finally {
      await again.close();
    }
  }, 60_000);
});
