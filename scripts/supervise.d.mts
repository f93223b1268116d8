import type { ChildProcess, StdioOptions } from 'node:child_process';

export declare function supervise(
  command: string,
  args: string[],
  options?: {
    cwd?: string;
    env?: NodeJS.ProcessEnv;
    stdio?: StdioOptions;
    maxQuickCrashes?: number;
    quickMs?: number;
    baseDelayMs?: number;
    log?: (line: string) => void;
    /** Called with each server process started (the first and every restart). */
    onStart?: (child: ChildProcess) => void;
  },
): { done: Promise<number>; stop(signal?: NodeJS.Signals): void };
