import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, parseConfig, type Config } from './config';
import { DirectoryInUseError } from './db/directory-lock';
import { prepareDatabase, type PreparedDatabase } from './db/prepare';

const SHUTDOWN_GRACE_MS = 10_000;
const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

type Log = (level: 'info' | 'error', message: string, signal: NodeJS.Signals) => void;

/**
 * Watches for the shutdown signals. `signal` resolves with the first one. The handlers stay
 * installed: a later signal (a supervisor repeating itself, Ctrl-C reaching both npm and this
 * process) is noted and changes nothing, so a drain is never cut short. Past the grace period the
 * process ends anyway, with status 1.
 */
function watchShutdownSignals(log: Log): { signal: Promise<NodeJS.Signals>; received(): boolean } {
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
      }, SHUTDOWN_GRACE_MS).unref();
      resolve(received);
    };
    for (const name of SHUTDOWN_SIGNALS) process.on(name, onSignal);
  });
  return { signal, received: () => first !== undefined };
}

async function main(): Promise<void> {
  // Until the app's logger exists, plain lines on stderr.
  let log: Log = (_level, message, signal) => process.stderr.write(`${message} (${signal})\n`);
  // Watched from the very start: a signal during migrations lets them finish, then stops.
  const shutdown = watchShutdownSignals((level, message, signal) => log(level, message, signal));

  const config = parseConfig(process.env);
  const { database, createdAdmin } = await prepareDatabase(config);
  const app = await buildApp({ config, database });
  app.addHook('onClose', () => database.close());
  log = (level, message, signal) => app.log[level]({ signal }, message);

  if (!shutdown.received()) await serve(app, config, database.kind, createdAdmin);

  const signal = await shutdown.signal;
  app.log.info({ signal }, 'shutting down: finishing the requests in flight');
  // Stops taking connections, lets every request in flight finish, then closes the database.
  await app.close();
  app.log.info('shut down cleanly');
  process.exit(0);
}

async function serve(
  app: FastifyInstance,
  config: Config,
  databaseKind: string,
  createdAdmin: PreparedDatabase['createdAdmin'],
): Promise<void> {
  await app.listen({ port: config.PORT, host: config.HOST });
  if (createdAdmin?.generatedPassword) {
    // Printed to the console once, never logged: the only copy outside the hash.
    process.stdout.write(
      `\nPlatform admin created. Username: ${createdAdmin.username}  Password: ${createdAdmin.generatedPassword}\n` +
        'This password is shown only now and must be changed at the first sign-in.\n\n',
    );
  }
  app.log.info(
    `Contrail is serving at http://${config.HOST}:${config.PORT} (database: ${databaseKind})`,
  );
}

main().catch((error: unknown) => {
  // Problems the operator fixes: the message says what and how, a stack would only hide it.
  if (error instanceof ConfigError || error instanceof DirectoryInUseError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Contrail failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
