import type pg from 'pg';

/**
 * DROP DATABASE … WITH (FORCE) for the tests' role. An autovacuum worker on the database belongs to the
 * superuser, so FORCE may not end it for a role without pg_signal_backend (42501); the worker is gone a
 * moment later, so the drop is tried again (up to ~3 s).
 */
export async function dropDatabaseForce(client: pg.Client, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '42501' || attempt === 10) throw err;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
}
