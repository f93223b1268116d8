import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Counts the SQL statements run on behalf of one request, so tests and the benchmark can prove that a
 * list answers in a fixed number of queries. The database layer calls `countQuery()` for every statement.
 */
const storage = new AsyncLocalStorage<{ queries: number }>();

export function countQuery(): void {
  const store = storage.getStore();
  if (store) store.queries += 1;
}

export function startCounting(): { queries: number } {
  const store = { queries: 0 };
  storage.enterWith(store);
  return store;
}

export function currentQueryCount(): number | undefined {
  return storage.getStore()?.queries;
}

export async function withQueryCount<T>(fn: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const store = { queries: 0 };
  const result = await storage.run(store, fn);
  return { result, queries: store.queries };
}

/** Runs background work (event delivery woken by a request's write) outside the request's count. */
export function outsideRequest<T>(fn: () => T): T {
  return storage.exit(fn);
}
