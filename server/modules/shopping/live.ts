import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type pg from 'pg';
import { sql } from 'kysely';
import type { Deps } from '../../platform/deps.js';
import { changesSince, lastChangeSeq, type Executor } from './repo.js';
// Only a PostgreSQL install listens; a SQLite one never loads pg (loadPg requires it on first use).
import { loadPg } from '../../lazy.js';

const CHANNEL = 'hearth_shopping';
const KEEP_ALIVE_MS = 15_000;

/**
 * Live fan-out of list changes. Every write appends numbered rows to `shopping_list_changes` in its own
 * transaction; after commit the writing process pokes the list's open streams, and on PostgreSQL a
 * NOTIFY (sent by the transaction, so only on commit) reaches the streams of every other process through
 * one LISTEN connection. A poked stream reads the rows after its cursor and sends them: nothing is lost
 * or sent twice, and a reconnect with Last-Event-ID replays from the log.
 */
export class ShoppingLive {
  private readonly bus = new EventEmitter();
  private listener: pg.Client | null = null;
  private listening: Promise<void> | null = null;
  private readonly streams = new Set<ServerResponse>();
  private closed = false;

  constructor(private readonly deps: Pick<Deps, 'db' | 'engine' | 'config'>) {
    this.bus.setMaxListeners(0);
  }

  /** Inside the write's transaction: on PostgreSQL, a NOTIFY delivered when (and only if) it commits. */
  async inTransaction(trx: Executor, listIds: Iterable<string>): Promise<void> {
    if (this.deps.engine !== 'postgres') return;
    for (const listId of new Set(listIds)) await sql`select pg_notify(${CHANNEL}, ${listId})`.execute(trx);
  }

  /** After commit: wake this process's streams of those lists at once. */
  afterCommit(listIds: Iterable<string>): void {
    for (const listId of new Set(listIds)) this.bus.emit(listId);
  }

  private async listen(): Promise<void> {
    if (this.deps.engine !== 'postgres' || this.deps.config.db.engine !== 'postgres') return;
    if (this.listening) return this.listening;
    const client = new (loadPg().Client)({ connectionString: this.deps.config.db.url });
    this.listening = (async () => {
      client.on('notification', (message) => {
        if (message.payload) this.bus.emit(message.payload);
      });
      client.on('error', () => {
        // The connection dropped: the next subscriber opens a new one; open streams catch up on their next poke.
        this.listener = null;
        this.listening = null;
      });
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      this.listener = client;
    })();
    return this.listening;
  }

  /** Serves one list's text/event-stream on a hijacked response until the client goes away. */
  async stream(raw: ServerResponse, onClose: (cleanup: () => void) => void, listId: string, lastEventId: number | null): Promise<void> {
    await this.listen().catch(() => undefined);
    let cursor = lastEventId ?? (await lastChangeSeq(this.deps.db, listId));
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.write(`retry: 2000\n: connected ${cursor}\n\n`);
    this.streams.add(raw);
    let running = false;
    let again = false;
    let ended = false;
    const pump = async () => {
      if (ended) return;
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          const changes = await changesSince(this.deps.db, listId, cursor);
          for (const change of changes) {
            raw.write(`id: ${change.seq}\nevent: ${change.kind}\ndata: ${JSON.stringify(change)}\n\n`);
            cursor = change.seq;
          }
          if (changes.length === 500) again = true;
        } while (again && !ended);
      } catch {
        // A failed read is retried on the next poke or keep-alive.
      } finally {
        running = false;
      }
    };
    const keepAlive = setInterval(() => {
      raw.write(': keep-alive\n\n');
      void pump();
    }, KEEP_ALIVE_MS);
    this.bus.on(listId, pump);
    const cleanup = () => {
      if (ended) return;
      ended = true;
      clearInterval(keepAlive);
      this.bus.off(listId, pump);
      this.streams.delete(raw);
      if (!raw.writableEnded) raw.end();
    };
    onClose(cleanup);
    if (lastEventId !== null) await pump();
  }

  /** Ends every open stream (before the server closes, so it does not wait on them). */
  endStreams(): void {
    for (const raw of this.streams) raw.end();
    this.streams.clear();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.endStreams();
    this.bus.removeAllListeners();
    await this.listening?.catch(() => undefined);
    await this.listener?.end().catch(() => undefined);
  }
}
