/** Polls `check` until it returns a truthy value (returned) or `ms` pass (throws, naming `what`). */
export async function waitFor<T>(check: () => T | Promise<T>, what: string, ms = 5000, every = 20): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`Timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
