import http from 'node:http';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A real HTTP server on 127.0.0.1 standing in for webhook receivers and hosted services (ntfy, Discord,
 * Slack, Gotify, Home Assistant…). It records every request; `respond` decides each answer (default 200 {}).
 */
export async function startReceiver() {
  const received: ReceivedRequest[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let respond: (req: ReceivedRequest, index: number) => { status: number; body?: string; headers?: Record<string, string>; delayMs?: number } = () => ({ status: 200, body: '{}' });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(entry);
      const answer = respond(entry, received.length - 1);
      const send = () => {
        res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        res.end(answer.body ?? '{}');
        for (const w of [...waiters]) if (received.length >= w.count) { waiters.splice(waiters.indexOf(w), 1); w.resolve(); }
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('receiver did not bind');
  return {
    port: address.port,
    base: `http://127.0.0.1:${address.port}`,
    host: `127.0.0.1:${address.port}`,
    received,
    setResponder(fn: typeof respond) {
      respond = fn;
    },
    /** Resolves once `count` requests have arrived (rejects after timeoutMs). */
    waitFor(count: number, timeoutMs = 5000): Promise<void> {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`receiver got ${received.length} of ${count} requests`)), timeoutMs);
        waiters.push({ count, resolve: () => { clearTimeout(timer); resolve(); } });
      });
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
