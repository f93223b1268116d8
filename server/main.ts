import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/connect.js';
import { seedFirstRun } from './db/first-run.js';
import { migrate } from './db/migrate.js';
import { checkSearchIndexAtStart } from './modules/recipes/jobs.js';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Hearth cannot start: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
  const handle = openDatabase(config);
  try {
    await migrate(handle);
    await seedFirstRun(handle, config);
  } catch (err) {
    console.error(`Hearth cannot start: database ${config.db.engine} is not usable: ${(err as Error).message}`);
    await handle.close().catch(() => undefined);
    process.exit(3);
  }
  let built: Awaited<ReturnType<typeof buildApp>>;
  try {
    built = await buildApp(config, handle);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Hearth cannot start: ${err.message}`);
      await handle.close().catch(() => undefined);
      process.exit(2);
    }
    throw err;
  }
  const { app, deps } = built;
  await app.ready();
  // A missing index is rebuilt by a job, once across processes; search misses recipes until it is done.
  await checkSearchIndexAtStart(deps).catch((err: unknown) => app.log.error({ err }, 'Search index check failed'));
  const shutdown = async () => {
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
