import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/connect.js';
import { seedFirstRun } from './db/first-run.js';
import { migrate } from './db/migrate.js';
import { ensureSearchIndex } from './modules/recipes/search-index.js';

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
  // A failed rebuild leaves search incomplete, not the app down: it is retried at the next start.
  await ensureSearchIndex(deps, (message) => app.log.info(message)).catch((err: unknown) =>
    app.log.error({ err }, 'Search index rebuild failed; searches may miss recipes until the next start'),
  );
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
