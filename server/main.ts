import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/connect.js';
import { seedFirstRun } from './modules/users/first-run.js';
import { migrate } from './db/migrate.js';
import { checkSearchIndexAtStart } from './modules/recipes/jobs.js';
import { cleanStaleStaging } from './modules/backups/service.js';
import { gracefulStop } from './shutdown.js';
import { checkDataDir, listenErrorMessage, readyLine } from './start-up.js';

/** Exit codes 2 (configuration) and 3 (database) are not crashes: scripts/supervise.mjs does not restart them. */
function stop(message: string, code: 2 | 3): never {
  console.error(`Hearth cannot start: ${message}`);
  process.exit(code);
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
    checkDataDir(config.dataDir);
  } catch (err) {
    if (err instanceof ConfigError) stop(err.message, 2);
    throw err;
  }
  const handle = openDatabase(config);
  let firstRun = false;
  try {
    await migrate(handle);
    firstRun = await seedFirstRun(handle, config);
  } catch (err) {
    await handle.close().catch(() => undefined);
    stop(`database ${config.db.engine} is not usable: ${(err as Error).message}`, 3);
  }
  let built: Awaited<ReturnType<typeof buildApp>>;
  try {
    built = await buildApp(config, handle);
  } catch (err) {
    if (err instanceof ConfigError) {
      await handle.close().catch(() => undefined);
      stop(err.message, 2);
    }
    throw err;
  }
  const { app, deps } = built;
  await app.ready();
  // A missing index is rebuilt by a job, once across processes; search misses recipes until it is done.
  await handle
    .leanStartUp(() => checkSearchIndexAtStart(deps))
    .catch((err: unknown) => app.log.error({ err }, 'Search index check failed'));
  // A restore killed half-way left its unpacked copy behind: not kept for ever.
  await cleanStaleStaging(deps).catch((err: unknown) => app.log.warn({ err }, 'Could not remove stale restore folders'));
  const shutdown = gracefulStop(app, handle, config.shutdownSeconds);
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    const message = listenErrorMessage(err, config);
    if (!message) throw err;
    await app.close().catch(() => undefined);
    await handle.close().catch(() => undefined);
    stop(message, 2);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(readyLine(config, port, firstRun));
  // For the launcher (scripts/launch-server.cjs): start-up's code is compiled now, worth keeping in V8's cache.
  (process as NodeJS.EventEmitter).emit('hearth:ready');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
