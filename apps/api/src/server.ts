import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import pino, { type LoggerOptions } from 'pino';
import { buildApp } from './app';
import { searchThreadCount, serveAsWorker, superviseWorkers, workerCount } from './cluster';
import { ConfigError, parseConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { DirectoryInUseError } from './db/directory-lock';
import { followConnections } from './lib/http-connections';
import { describeThrown } from './lib/thrown-message';
import { prepareDatabase, type PreparedDatabase } from './db/prepare';
import { loggerOptions } from './plugins/logging';

const SHUTDOWN_GRACE_MS = 10_000;
const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

type Log = (level: 'info' | 'error', message: string, signal: NodeJS.Signals) => void;

/**
 * Watches for the shutdown signals. `signal` resolves with the first one. The handlers stay
 * installed: a later signal (a supervisor repeating itself, Ctrl-C reaching both npm and this
 * process) is noted and changes nothing, so a drain is never cut short. Past the grace period the
 * process ends anyway, with status 1.
 */
function watchShutdownSignals(
  log: Log,
  graceMs: () => number,
): { signal: Promise<NodeJS.Signals>; received(): boolean } {
  let first: NodeJS.Signals | undefined;
  const signal = new Promise<NodeJS.Signals>((resolve) => {
    const onSignal = (received: NodeJS.Signals) => {
      if (first) {
        log('info', 'already shutting down, still finishing the requests in flight', received);
        return;
      }
      first = received;
      setTimeout(() => {
        log('error', 'shutdown took too long, exiting', received);
        process.exit(1);
      }, graceMs()).unref();
      resolve(received);
    };
    for (const name of SHUTDOWN_SIGNALS) process.on(name, onSignal);
  });
  return { signal, received: () => first !== undefined };
}

/** The database of this process: a worker's was prepared by the primary, so it only connects. */
async function processDatabase(
  config: Config,
): Promise<Pick<PreparedDatabase, 'database' | 'createdAdmin'>> {
  if (cluster.isWorker && config.DATABASE_URL !== undefined) {
    const database = await openDatabase({
      url: config.DATABASE_URL,
      poolSize: config.DATABASE_POOL_SIZE,
    });
    return { database, createdAdmin: undefined };
  }
  return prepareDatabase(config);
}

async function main(): Promise<void> {
  // Until the app's logger exists, plain lines on stderr.
  let log: Log = (_level, message, signal) => process.stderr.write(`${message} (${signal})\n`);
  // Watched from the very start: a signal during migrations lets them finish, then stops.
  let graceMs = SHUTDOWN_GRACE_MS;
  const shutdown = watchShutdownSignals(
    (level, message, signal) => log(level, message, signal),
    () => graceMs,
  );

  const config = parseConfig(process.env);
  const { workers, note } = workerCount(config);
  if (cluster.isPrimary && workers > 1) {
    // The workers drain within their own grace period; the primary waits a little longer.
    graceMs = SHUTDOWN_GRACE_MS + 5_000;
    await runPrimary(config, workers, shutdown.signal);
    return;
  }

  const { database, createdAdmin } = await processDatabase(config);
  const app = await buildApp({
    config,
    database,
    searchThreads: searchThreadCount(config, workers),
  });
  app.addHook('onClose', () => database.close());
  log = (level, message, signal) => app.log[level]({ signal }, message);
  if (note) app.log.warn(note);

  /** A worker: when the primary says to drain (or is gone); heard from before it listens. */
  const primarySaysDrain = cluster.isWorker ? serveAsWorker() : undefined;
  if (!shutdown.received()) {
    // A worker shares the port through node:cluster: the primary holds it and hands each new
    // connection to a worker in turn.
    await app.listen({ port: config.PORT, host: config.HOST });
    // Workers are announced once, by the primary.
    if (!cluster.isWorker) {
      announce(app.log, config, database.kind, createdAdmin, 1, app.searchThreads);
    }
  }

  // A signal to the whole process group reaches every worker and the primary, which passes the
  // word on: whichever comes first.
  const signal = primarySaysDrain
    ? await Promise.race([
        primarySaysDrain.then(() => 'drain requested by the primary'),
        shutdown.signal,
      ])
    : await shutdown.signal;
  setTimeout(() => {
    app.log.error('shutdown took too long, exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
  app.log.info({ signal }, 'shutting down: finishing the requests in flight');
  // Every request received is answered and every connection closed first: Fastify's close would
  // answer 503 to requests read after it began, and leave a connection kept alive open.
  await followConnections(app.server).drain();
  // Then the jobs stop and the database closes.
  await app.close();
  app.log.info('shut down cleanly');
  process.exit(0);
}

/**
 * The primary of several processes: prepares the database (migrations, seed, the first admin)
 * once, then forks the workers and supervises them (src/cluster.ts). The port is shared through
 * node:cluster: each worker answers every request, health probes included.
 */
async function runPrimary(
  config: Config,
  workers: number,
  shutdown: Promise<NodeJS.Signals>,
): Promise<void> {
  const logger = pino(loggerOptions(config.LOG_LEVEL) as LoggerOptions);
  const { database, createdAdmin } = await prepareDatabase(config);
  const kind = database.kind;
  await database.close();
  const code = await superviseWorkers({
    workers,
    exec: fileURLToPath(import.meta.url),
    shutdown,
    log: (level, message, details) => logger[level](details ?? {}, message),
    onListening: () => announce(logger, config, kind, createdAdmin, workers),
  });
  logger.info(code === 0 ? 'shut down cleanly' : 'stopped: a server process failed');
  process.exit(code);
}

/** The one line that says where Contrail serves, and the first admin's password once. */
function announce(
  logger: { info: (message: string) => void },
  config: Config,
  databaseKind: string,
  createdAdmin: PreparedDatabase['createdAdmin'],
  processes: number,
  searchThreads = 0,
): void {
  if (createdAdmin?.generatedPassword) {
    // Printed to the console once, never logged: the only copy outside the hash.
    process.stdout.write(
      `\nPlatform admin created. Username: ${createdAdmin.username}  Password: ${createdAdmin.generatedPassword}\n` +
        'This password is shown only now and must be changed at the first sign-in.\n\n',
    );
  }
  let served = processes > 1 ? `, ${String(processes)} processes` : '';
  if (searchThreads > 0) served += `, ${String(searchThreads)} search threads`;
  logger.info(
    `Contrail is serving at http://${config.HOST}:${String(config.PORT)} (database: ${databaseKind}${served})`,
  );
}

main().catch((error: unknown) => {
  // Problems the operator fixes: the message says what and how, a stack would only hide it.
  if (error instanceof ConfigError || error instanceof DirectoryInUseError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    // Whatever was thrown: PGlite throws objects that are no Error, shown as "[object Object]".
    process.stderr.write(`Contrail failed to start: ${describeThrown(error)}\n`);
  }
  process.exit(1);
});
