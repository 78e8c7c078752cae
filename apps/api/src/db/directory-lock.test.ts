import { spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPackageRoot } from '../lib/package-root';
import { DirectoryInUseError, lockDirectory, type LockHolder } from './directory-lock';

let root: string;
let directory: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'contrail-lock-'));
  directory = join(root, 'pglite');
});

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

/** A process that runs until killed. */
function sleeper(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
    stdio: 'ignore',
  });
  children.push(child);
  return child;
}

function startTicks(pid: number): string | undefined {
  const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

let mine: LockHolder;

beforeAll(async () => {
  // What this machine writes into a lock (host, boot, pid namespace).
  const scratch = mkdtempSync(join(tmpdir(), 'contrail-lock-'));
  const lock = await lockDirectory(join(scratch, 'pglite'));
  mine = JSON.parse(readFileSync(lock.path, 'utf8')) as LockHolder;
  lock.release();
  rmSync(scratch, { recursive: true });
});

/** The lock file the process with this pid would have written. */
function lockOf(pid: number, overrides: Partial<LockHolder> = {}): LockHolder {
  return { ...mine, pid, processStart: startTicks(pid), ...overrides };
}

/** Leaves a lock file of `holder`, last touched `ageMs` ago. */
function leaveLock(make: () => LockHolder, ageMs = 0): void {
  writeFileSync(`${directory}.lock`, JSON.stringify(make()));
  const at = new Date(Date.now() - ageMs);
  utimesSync(`${directory}.lock`, at, at);
}

async function refusal(): Promise<DirectoryInUseError> {
  const error: unknown = await lockDirectory(directory).then(
    (lock) => {
      lock.release();
      return undefined;
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DirectoryInUseError);
  return error as DirectoryInUseError;
}

describe('lockDirectory', () => {
  it('refuses a second holder, naming the directory and the process, until released', async () => {
    const lock = await lockDirectory(directory);
    const error = await refusal();
    expect(error.message).toContain(`The embedded database in ${directory} is in use`);
    expect(error.message).toContain(`pid ${String(process.pid)} on ${hostname()}`);
    expect(error.message).toContain('DATABASE_URL');
    lock.release();
    lock.release();
    expect(existsSync(`${directory}.lock`)).toBe(false);
    (await lockDirectory(directory)).release();
  });

  it('is taken on the real directory: through a symlink to the folder, or to one above it, it is the same lock', async () => {
    mkdirSync(directory);
    const elsewhere = join(root, 'elsewhere');
    mkdirSync(elsewhere);
    const linked = join(elsewhere, 'pglite');
    symlinkSync(directory, linked);
    const linkedRoot = join(root, 'root-link');
    symlinkSync(root, linkedRoot);
    const lock = await lockDirectory(linked);
    expect(lock.path).toBe(`${realpathSync(directory)}.lock`);
    for (const path of [directory, linked, join(linkedRoot, 'pglite')]) {
      const error: unknown = await lockDirectory(path).then(
        (second) => second.release(),
        (caught: unknown) => caught,
      );
      expect(error, path).toBeInstanceOf(DirectoryInUseError);
      expect((error as Error).message).toContain(`The embedded database in ${path}`);
      expect((error as Error).message).toContain(`Lock file: ${lock.path}`);
    }
    lock.release();
    (await lockDirectory(directory)).release();
  });

  it('refuses while another process that holds it runs', async () => {
    const other = sleeper();
    leaveLock(() => lockOf(other.pid ?? 0));
    const error = await refusal();
    expect(error.holder?.pid).toBe(other.pid);
    expect(error.message).toContain(`pid ${String(other.pid)}`);
  });

  it('takes over at once from a holder killed with SIGKILL', async () => {
    const other = sleeper();
    leaveLock(() => lockOf(other.pid ?? 0));
    const exited = new Promise((resolve) => other.once('exit', resolve));
    other.kill('SIGKILL');
    await exited;
    const lock = await lockDirectory(directory);
    expect(JSON.parse(readFileSync(lock.path, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('takes over from an earlier process that had its pid (a restarted container) or whose pid was reused', async () => {
    leaveLock(() => lockOf(process.pid, { processStart: '1' }));
    (await lockDirectory(directory)).release();
    const other = sleeper();
    leaveLock(() => lockOf(other.pid ?? 0, { processStart: '1' }));
    (await lockDirectory(directory)).release();
  });

  it('takes over from another boot of the machine', async () => {
    const other = sleeper();
    leaveLock(() => lockOf(other.pid ?? 0, { bootId: 'an-earlier-boot' }));
    (await lockDirectory(directory)).release();
  });

  it('judges a holder it cannot check (another pid namespace) by its heartbeat', async () => {
    const elsewhere = () => lockOf(1, { pidNamespace: 'pid:[1]', hostname: 'another-container' });
    leaveLock(elsewhere, 1_000);
    expect((await refusal()).message).toContain('on another-container');
    leaveLock(elsewhere, 60_000);
    (await lockDirectory(directory)).release();
  });

  it('judges an unreadable lock file by its age', async () => {
    writeFileSync(`${directory}.lock`, '{"pi');
    expect((await refusal()).message).toContain('being opened right now');
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${directory}.lock`, old, old);
    (await lockDirectory(directory)).release();
  });

  it('lets exactly one of several processes starting at once take over a stale lock', async () => {
    const dead = sleeper();
    leaveLock(() => lockOf(dead.pid ?? 0));
    const exited = new Promise((resolve) => dead.once('exit', resolve));
    dead.kill('SIGKILL');
    await exited;
    // Each contender loads, says so, and goes for the lock when told, all at the same moment;
    // then it holds the lock (or not) until the test has every answer.
    const script = `
      import { lockDirectory } from ${JSON.stringify(join(apiPackageRoot(), 'src/db/directory-lock.ts'))};
      console.log('ready');
      process.stdin.once('data', async () => {
        try { await lockDirectory(process.argv[1]); console.log('won'); }
        catch (error) { console.log(error.name); }
      });`;
    const contenders = Array.from({ length: 5 }, () => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script, directory],
        { cwd: apiPackageRoot(), stdio: ['pipe', 'pipe', 'inherit'] },
      );
      children.push(child);
      const lines: string[] = [];
      const waiters: (() => void)[] = [];
      child.stdout.on('data', (chunk: Buffer) => {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        waiters.splice(0).forEach((wake) => wake());
      });
      const line = async (index: number) => {
        while (lines.length <= index) await new Promise<void>((wake) => waiters.push(wake));
        return lines[index] ?? '';
      };
      return { child, line };
    });
    await Promise.all(contenders.map(({ line }) => line(0)));
    for (const { child } of contenders) child.stdin.write('go\n');
    const answers = await Promise.all(contenders.map(({ line }) => line(1)));
    expect(answers.filter((answer) => answer === 'won')).toHaveLength(1);
    expect(answers.filter((answer) => answer === 'DirectoryInUseError')).toHaveLength(4);
  }, 60_000);
});
