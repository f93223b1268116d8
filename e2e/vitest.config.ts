import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One browser test file at a time on a small machine (Chromium's renderers already fill two cores); two at once
// from four cores on. Files share nothing: each starts its own server, database and browser on free ports.
const files = os.availableParallelism() >= 4 ? 2 : 1;

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: files,
    fileParallelism: files > 1,
  },
});
