import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'web/src/**/*.test.ts'],
    // Last guards only, never a measure of speed: tests wait for conditions, and a loaded 2-core host
    // (tried: load average 20) takes minutes for what an idle one does in seconds. Speed is the bench's.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    pool: 'forks',
    maxWorkers: Math.max(2, os.availableParallelism()),
    // Each worker loads the server's modules once for all its files instead of once per file (a quarter of the
    // suite's time). Tests share no state through them: every test builds its own app over its own database, and
    // module-level caches are keyed by ids that are random per database.
    isolate: false,
  },
});
