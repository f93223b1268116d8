export declare function supervise(
  command: string,
  args: string[],
  options?: { cwd?: string; stdio?: 'inherit' | 'ignore'; maxQuickCrashes?: number; quickMs?: number; baseDelayMs?: number; log?: (line: string) => void },
): { done: Promise<number>; stop(signal?: NodeJS.Signals): void };
