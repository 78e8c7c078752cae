import { randomBytes } from 'node:crypto';
import {
  linkSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmdirSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';

/**
 * Who holds a directory: enough to tell, from another process, whether that holder still runs.
 * `processStart`, `bootId` and `pidNamespace` come from /proc and are absent elsewhere.
 */
export interface LockHolder {
  pid: number;
  hostname: string;
  startedAt: string;
  processStart?: string;
  bootId?: string;
  pidNamespace?: string;
}

export interface DirectoryLock {
  readonly path: string;
  /** Removes the lock file if it is still ours. Safe to call more than once. */
  release(): void;
}

/** Another live process holds the lock: nothing of the directory may be touched. */
export class DirectoryInUseError extends Error {
  constructor(
    readonly directory: string,
    readonly lockFile: string,
    readonly holder: LockHolder | undefined,
  ) {
    super(
      `The embedded database in ${directory} is in use by another process` +
        (holder
          ? ` (pid ${String(holder.pid)} on ${holder.hostname}, running since ${holder.startedAt})`
          : ' (it is being opened right now)') +
        '. Only one process may open it: stop that one first, give this one its own DATA_DIR, ' +
        `or run several processes on a PostgreSQL server (DATABASE_URL). Lock file: ${lockFile}`,
    );
    this.name = 'DirectoryInUseError';
  }
}

/** How often the holder touches its lock file, and when an untouched one counts as abandoned. */
const HEARTBEAT_MS = 10_000;
const ABANDONED_AFTER_MS = 3 * HEARTBEAT_MS;
/** A takeover of a stale lock takes milliseconds; one left behind longer than this was cut off. */
const TAKEOVER_ABANDONED_MS = 10_000;

/** Paths this process holds, so that a second open in the same process is refused too. */
const heldHere = new Set<string>();

function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** The start time of a process in clock ticks since boot (Linux), which a reused pid does not share. */
function processStart(pid: number): string | undefined {
  const stat = readProc(`/proc/${String(pid)}/stat`);
  if (stat === undefined) return undefined;
  // The command name (field 2) may contain spaces and parentheses: count from its closing one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19];
}

function pidNamespace(): string | undefined {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return undefined;
  }
}

function currentHolder(): LockHolder {
  const start = processStart(process.pid);
  const bootId = readProc('/proc/sys/kernel/random/boot_id');
  const namespace = pidNamespace();
  return {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    ...(start === undefined ? {} : { processStart: start }),
    ...(bootId === undefined ? {} : { bootId }),
    ...(namespace === undefined ? {} : { pidNamespace: namespace }),
  };
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return undefined;
    const holder = value as Partial<LockHolder>;
    if (!Number.isInteger(holder.pid) || typeof holder.hostname !== 'string') return undefined;
    return value as LockHolder;
  } catch {
    return undefined;
  }
}

function pidRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the process named in a lock file still runs. Where its pid can be checked (same pid
 * namespace: the same machine, container or not) the answer is immediate, so a holder killed with
 * SIGKILL never blocks the next start; a reused pid is told apart by its start time. A holder in
 * another pid namespace (a container sharing the directory) is judged by its heartbeat instead.
 */
function holderRuns(
  holder: LockHolder,
  touchedAt: number,
  self: LockHolder,
  path: string,
): boolean {
  // Another boot of this machine: every process of that boot is gone.
  if (holder.bootId !== undefined && self.bootId !== undefined && holder.bootId !== self.bootId) {
    return false;
  }
  if (holder.pidNamespace !== self.pidNamespace || holder.hostname !== self.hostname) {
    return Date.now() - touchedAt < ABANDONED_AFTER_MS;
  }
  if (holder.pid === process.pid) {
    // This very process, or an earlier one that had the same pid (a restarted container).
    return heldHere.has(path) && holder.processStart === self.processStart;
  }
  if (!pidRuns(holder.pid)) return false;
  if (holder.processStart !== undefined) {
    const start = processStart(holder.pid);
    if (start !== undefined && start !== holder.processStart) return false;
  }
  return true;
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/**
 * The directory's real path, every symlink resolved (of a directory not made yet: its nearest
 * existing parent's, with the rest appended). Two names of one directory are then one lock.
 */
function realLocation(directory: string): string {
  try {
    return realpathSync(directory);
  } catch (error) {
    const parent = dirname(directory);
    if (errorCode(error) !== 'ENOENT' || parent === directory) return directory;
    return join(realLocation(parent), basename(directory));
  }
}

/** The lock file's text and when it was last touched, or undefined if there is none. */
function readLock(path: string): { text: string; touchedAt: number } | undefined {
  try {
    const touchedAt = statSync(path).mtimeMs;
    return { text: readFileSync(path, 'utf8'), touchedAt };
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Creates the lock file with its whole content at once: written aside, then hard-linked into
 * place, which fails if the lock exists. No reader ever sees a half-written lock.
 */
function tryCreate(path: string, text: string): boolean {
  const aside = `${path}.${String(process.pid)}.${randomBytes(4).toString('hex')}`;
  writeFileSync(aside, text, { flag: 'wx', mode: 0o644 });
  try {
    linkSync(aside, path);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    // A filesystem without hard links: exclusive create, then write.
    if (errorCode(error) === 'EPERM' || errorCode(error) === 'ENOTSUP') {
      try {
        writeFileSync(path, text, { flag: 'wx', mode: 0o644 });
        return true;
      } catch (inner) {
        if (errorCode(inner) === 'EEXIST') return false;
        throw inner;
      }
    }
    throw error;
  } finally {
    unlinkSync(aside);
  }
}

/**
 * Removes a stale lock, if it is still the one judged stale. Removals happen one at a time (the
 * takeover directory is the mutex), and each re-reads the file first: of two starters that both
 * saw the same stale lock, the second finds the first one's fresh lock and leaves it alone.
 */
function removeStale(path: string, staleText: string): void {
  const takeover = `${path}.takeover`;
  try {
    mkdirSync(takeover);
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
    try {
      if (Date.now() - statSync(takeover).mtimeMs > TAKEOVER_ABANDONED_MS) rmdirSync(takeover);
    } catch {
      // Gone meanwhile: the next attempt will see.
    }
    return;
  }
  try {
    if (readLock(path)?.text === staleText) unlinkSync(path);
  } finally {
    rmdirSync(takeover);
  }
}

/**
 * Takes the lock `<directory>.lock` for this process, or throws DirectoryInUseError naming the
 * process that has it. The lock is beside the directory's real path: a symlink to the folder (or
 * to a folder above it) leads to the same lock, not to a second one that lets a second process
 * open the same data. A lock left by a process that no longer runs is taken over. The lock is
 * released by `release()` and, failing that, when the process exits; after a SIGKILL the next
 * start finds it stale.
 */
export async function lockDirectory(directory: string): Promise<DirectoryLock> {
  const path = `${realLocation(directory)}.lock`;
  const self = currentHolder();
  const text = `${JSON.stringify(self)}\n`;
  const deadline = Date.now() + 2_000;
  for (let attempt = 0; ; attempt += 1) {
    // Another starter is taking the same stale lock over: give it a moment.
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    if (tryCreate(path, text)) break;
    const existing = readLock(path);
    if (existing === undefined) continue;
    const holder = parseHolder(existing.text);
    // An unreadable lock was not written by us: judged by its age alone.
    const runs =
      holder === undefined
        ? Date.now() - existing.touchedAt < ABANDONED_AFTER_MS
        : holderRuns(holder, existing.touchedAt, self, path);
    if (runs) throw new DirectoryInUseError(directory, path, holder);
    removeStale(path, existing.text);
    if (Date.now() > deadline) throw new DirectoryInUseError(directory, path, holder);
  }

  heldHere.add(path);
  // The mtime says "still here" to processes that cannot check our pid (another container).
  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(path, now, now);
    } catch {
      // Removed by hand: nothing to keep fresh.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    process.off('exit', release);
    heldHere.delete(path);
    try {
      if (readFileSync(path, 'utf8') === text) unlinkSync(path);
    } catch {
      // Already gone.
    }
  };
  // process.exit() from anywhere (a failed start, the shutdown deadline) still lets go of it.
  process.on('exit', release);
  return { path, release };
}
