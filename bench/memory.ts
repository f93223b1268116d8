import autocannon from 'autocannon';
import { rssMiB } from './measure.js';

/**
 * Resident memory of the server process while `connections` clients hammer a mix of list, search and
 * recipe requests (issue 9, item 13: SQLite once settled at 850–900 MB under 20 connections): sampled every
 * 250 ms; the peak, the value at the end of the load, and again after a rest.
 */
export async function rssUnderLoad(
  pid: number,
  baseUrl: string,
  headers: Record<string, string>,
  paths: string[],
  seconds: number,
  connections = 20,
): Promise<{ connections: number; requests: number; peakMiB: number; endMiB: number; restedMiB: number }> {
  let peakMiB = rssMiB(pid);
  const timer = setInterval(() => {
    peakMiB = Math.max(peakMiB, rssMiB(pid));
  }, 250);
  try {
    const result = await autocannon({
      url: baseUrl,
      connections,
      duration: seconds,
      requests: paths.map((path) => ({ method: 'GET' as const, path, headers })),
    });
    const endMiB = rssMiB(pid);
    peakMiB = Math.max(peakMiB, endMiB);
    // V8 hands back the heap a burst grew only after ~10 s of quiet: 'rested' is after 12 s.
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    return { connections, requests: result.requests.total, peakMiB, endMiB, restedMiB: rssMiB(pid) };
  } finally {
    clearInterval(timer);
  }
}
