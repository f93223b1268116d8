import type { ServerResponse } from 'node:http';
import type { HearthEvent } from '../../../contract/events.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { lastEventId, readEvents } from '../events/emit.js';

/** Who may see an event: members of its household; group-wide events (householdId null) the whole group. */
export interface StreamScope {
  groupId: string;
  householdId: string;
}

export function inScope(event: Pick<HearthEvent, 'groupId' | 'householdId'>, scope: StreamScope): boolean {
  if (event.groupId !== scope.groupId) return false;
  return event.householdId === null || event.householdId === scope.householdId;
}

export interface StreamClient {
  scope: StreamScope;
  res: ServerResponse;
  /** Id of the last event written to this client (replay and live must not repeat one). */
  lastId: number;
  /** Events that arrived while the replay was being written. */
  pending: HearthEvent[] | null;
}

export function formatEvent(event: HearthEvent): string {
  const payload = JSON.stringify({
    id: event.id,
    type: event.type,
    groupId: event.groupId,
    householdId: event.householdId,
    userId: event.userId,
    data: event.data,
    createdAt: event.createdAt,
  });
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${payload}\n\n`;
}

/**
 * Fans committed events out to this process's open streams: one outbox read per wake-up (whatever the number
 * of clients), then each client gets the events in its scope. Wake-ups come from this process's writes and,
 * on PostgreSQL, from every other process's (LISTEN hearth_events).
 */
export class RealtimeHub {
  readonly clients = new Set<StreamClient>();
  private seen = 0;
  private reading: Promise<void> | null = null;
  private again = false;
  private heartbeat: NodeJS.Timeout | null = null;
  private poll: NodeJS.Timeout | null = null;
  private started = false;

  constructor(private readonly deps: { db: Kysely<Database> }, private readonly options: { heartbeatMs?: number; pollMs?: number } = {}) {}

  async start(): Promise<void> {
    this.seen = await lastEventId(this.deps.db);
    this.started = true;
    this.heartbeat = setInterval(() => {
      for (const c of this.clients) c.res.write(': ping\n\n');
    }, this.options.heartbeatMs ?? 15_000);
    this.heartbeat.unref();
    this.poll = setInterval(() => this.clients.size > 0 && this.wake(), this.options.pollMs ?? 2000);
    this.poll.unref();
  }

  wake(): void {
    if (!this.started) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = this.read()
      .catch(() => undefined)
      .finally(() => {
        this.reading = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async read(): Promise<void> {
    for (;;) {
      const events = await readEvents(this.deps.db, this.seen, 500);
      if (events.length === 0) return;
      this.seen = events[events.length - 1].id;
      if (this.clients.size === 0) continue;
      for (const event of events) {
        for (const client of this.clients) {
          if (!inScope(event, client.scope)) continue;
          if (client.pending) client.pending.push(event);
          else if (event.id > client.lastId) {
            client.res.write(formatEvent(event));
            client.lastId = event.id;
          }
        }
      }
    }
  }

  /** Registers a client, replays what it missed since `afterId` (its Last-Event-ID), then goes live. */
  async attach(client: StreamClient, afterId: number | null): Promise<void> {
    this.clients.add(client);
    if (afterId === null) {
      client.lastId = Math.max(client.lastId, this.seen);
    } else {
      client.pending = [];
      let last = afterId;
      for (;;) {
        const rows = await this.deps.db
          .selectFrom('hearth_events')
          .selectAll()
          .where('id', '>', last)
          .where('group_id', '=', client.scope.groupId)
          .where((eb) => eb.or([eb('household_id', '=', client.scope.householdId), eb('household_id', 'is', null)]))
          .orderBy('id')
          .limit(500)
          .execute();
        for (const row of rows) {
          const event = { ...row, id: Number(row.id) };
          client.res.write(formatEvent({ id: event.id, type: event.type as HearthEvent['type'], groupId: event.group_id, householdId: event.household_id, userId: event.user_id, data: JSON.parse(event.data), createdAt: event.created_at }));
          last = event.id;
        }
        if (rows.length < 500) break;
      }
      client.lastId = last;
      const pending = client.pending;
      client.pending = null;
      for (const event of pending) {
        if (event.id > client.lastId) {
          client.res.write(formatEvent(event));
          client.lastId = event.id;
        }
      }
    }
  }

  detach(client: StreamClient): void {
    this.clients.delete(client);
  }

  async stop(): Promise<void> {
    this.started = false;
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.poll) clearInterval(this.poll);
    for (const c of this.clients) c.res.end();
    this.clients.clear();
    await this.reading;
  }
}
