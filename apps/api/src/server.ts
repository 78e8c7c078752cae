import { buildApp } from './app';
import { ConfigError, parseConfig } from './config';
import { prepareDatabase } from './db/prepare';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = parseConfig(process.env);
  const { database, createdAdmin } = await prepareDatabase(config);
  const app = await buildApp({ config, database });
  app.addHook('onClose', () => database.close());

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);

  await app.listen({ port: config.PORT, host: config.HOST });
  if (createdAdmin?.generatedPassword) {
    // Printed to the console once, never logged: the only copy outside the hash.
    process.stdout.write(
      `\nPlatform admin created. Username: ${createdAdmin.username}  Password: ${createdAdmin.generatedPassword}\n` +
        'This password is shown only now and must be changed at the first sign-in.\n\n',
    );
  }
  app.log.info(
    `Contrail is serving at http://${config.HOST}:${config.PORT} (database: ${database.kind})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Contrail failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
