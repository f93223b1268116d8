import crypto from 'node:crypto';
import type { HearthEvent } from '../../../contract/events.js';
import type { Deps } from '../deps.js';
import { lastEventId, readEvents } from './emit.js';
import type { Subscriber } from './types.js';

export interface DispatcherOptions {
  /** How long a process holds a subscriber's delivery before another may take it over (ms). */
  leaseMs?: number;
  /** Safety-net poll when no wake-up arrives (ms). */
  pollMs?: number;
  /** Back-off after the n-th failure (ms). */
  backoffMs?: (attempt: number) => number;
  batch?: number;
  log?: (message: string, err?: unknown) => void;
}

const defaultBackoff = (attempt: number) => Math.min(5 * 60_000, 500 * 2 ** (attempt - 1));

/**
 * Delivers the outbox to subscribers, each from its own cursor in hearth_event_cursors. A process takes a
 * subscriber's lease before delivering, so across several processes one delivers at a time, in id order; a
 * process that dies loses its lease after leaseMs and another carries on from the stored cursor.
 */
export class Dispatcher {
  readonly owner = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  private readonly busy = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private poll: NodeJS.Timeout | null = null;
  private stopped = true;
  private readonly leaseMs: number;
  private readonly backoff: (attempt: number) => number;

  constructor(private readonly deps: Deps, private readonly subscribers: readonly Subscriber[], private readonly options: DispatcherOptions = {}) {
    this.leaseMs = options.leaseMs ?? 30_000;
    this.backoff = options.backoffMs ?? defaultBackoff;
    const names = new Set<string>();
    for (const s of subscribers) {
      if (names.has(s.name)) throw new Error(`Two event subscribers are named "${s.name}"`);
      names.add(s.name);
    }
  }

  /** The subscribers this build declares (retention keeps what their cursors have not passed). */
  get subscriberNames(): string[] {
    return this.subscribers.map((s) => s.name);
  }

  /** Creates missing cursors at the current end of the outbox (a new subscriber does not replay history). */
  async start(): Promise<void> {
    this.stopped = false;
    if (this.subscribers.length === 0) return;
    const end = await lastEventId(this.deps.db);
    const now = new Date().toISOString();
    for (const s of this.subscribers) {
      await this.deps.db
        .insertInto('hearth_event_cursors')
        .values({ subscriber: s.name, last_event_id: end, attempts: 0, update_at: now })
        .onConflict((oc) => oc.column('subscriber').doNothing())
        .execute();
    }
    const pollMs = this.options.pollMs ?? 2000;
    this.poll = setInterval(() => this.wake(), pollMs);
    this.poll.unref();
    this.wake();
  }

  wake(): void {
    if (this.stopped) return;
    for (const s of this.subscribers) this.run(s);
  }

  private run(subscriber: Subscriber): void {
    if (this.busy.has(subscriber.name)) {
      this.again.add(subscriber.name);
      return;
    }
    const p = this.deliver(subscriber)
      .catch((err) => this.options.log?.(`event delivery to ${subscriber.name} stopped`, err))
      .finally(() => {
        this.busy.delete(subscriber.name);
        if (this.again.delete(subscriber.name) && !this.stopped) this.run(subscriber);
      });
    this.busy.set(subscriber.name, p);
  }

  private later(ms: number): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      this.wake();
    }, ms);
    t.unref();
    this.timers.add(t);
  }

  /** Takes the lease (unless another live process holds it or the subscriber is backing off). */
  private async claim(subscriber: Subscriber): Promise<{ last: number; attempts: number } | null> {
    const now = new Date();
    const iso = now.toISOString();
    const row = await this.deps.db
      .updateTable('hearth_event_cursors')
      .set({ lease_owner: this.owner, lease_until: new Date(now.getTime() + this.leaseMs).toISOString() })
      .where('subscriber', '=', subscriber.name)
      .where((eb) => eb.or([eb('lease_owner', '=', this.owner), eb('lease_owner', 'is', null), eb('lease_until', '<', iso)]))
      .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', iso)]))
      .returning(['last_event_id', 'attempts', 'next_attempt_at'])
      .executeTakeFirst();
    if (!row) {
      const cursor = await this.deps.db.selectFrom('hearth_event_cursors').select('next_attempt_at').where('subscriber', '=', subscriber.name).executeTakeFirst();
      if (cursor?.next_attempt_at) this.later(Math.max(10, Date.parse(cursor.next_attempt_at) - Date.now() + 5));
      return null;
    }
    return { last: Number(row.last_event_id), attempts: row.attempts };
  }

  private async deliver(subscriber: Subscriber): Promise<void> {
    const claimed = await this.claim(subscriber);
    if (!claimed) return;
    let { last, attempts } = claimed;
    const batch = this.options.batch ?? 100;
    for (;;) {
      if (this.stopped) return;
      const events = await readEvents(this.deps.db, last, batch);
      if (events.length === 0) return;
      let skipped = last;
      for (const event of events) {
        if (this.stopped) return;
        if (subscriber.events !== '*' && !subscriber.events.includes(event.type)) {
          skipped = event.id;
          continue;
        }
        if (skipped !== last) await this.advance(subscriber, skipped);
        const ok = await this.handleOne(subscriber, event, attempts + 1);
        if (!ok) return;
        attempts = 0;
        last = await this.advance(subscriber, event.id);
        skipped = last;
      }
      if (skipped !== last) last = await this.advance(subscriber, skipped);
    }
  }

  private async advance(subscriber: Subscriber, eventId: number): Promise<number> {
    const now = new Date();
    await this.deps.db
      .updateTable('hearth_event_cursors')
      .set({
        last_event_id: eventId,
        attempts: 0,
        next_attempt_at: null,
        last_error: null,
        update_at: now.toISOString(),
        lease_until: new Date(now.getTime() + this.leaseMs).toISOString(),
      })
      .where('subscriber', '=', subscriber.name)
      .where('lease_owner', '=', this.owner)
      .execute();
    return eventId;
  }

  /** Runs the handler; on failure records it and schedules the retry (or gives up after maxAttempts). */
  private async handleOne(subscriber: Subscriber, event: HearthEvent, attempt: number): Promise<boolean> {
    try {
      await subscriber.handle(event, this.deps);
      return true;
    } catch (err) {
      const message = err instanceof Error ? err.message || err.name : String(err);
      const gaveUp = attempt >= (subscriber.maxAttempts ?? 10);
      const now = new Date();
      await this.deps.db
        .insertInto('hearth_event_failures')
        .values({ subscriber: subscriber.name, event_id: event.id, attempt, error: message.slice(0, 2000), gave_up: gaveUp, created_at: now.toISOString() })
        .execute();
      this.options.log?.(`event ${event.id} (${event.type}) to ${subscriber.name} failed (attempt ${attempt})${gaveUp ? ', given up' : ''}`, err);
      if (gaveUp) {
        await this.advance(subscriber, event.id);
        return true;
      }
      const wait = this.backoff(attempt);
      await this.deps.db
        .updateTable('hearth_event_cursors')
        .set({ attempts: attempt, last_error: message.slice(0, 2000), next_attempt_at: new Date(now.getTime() + wait).toISOString(), update_at: now.toISOString() })
        .where('subscriber', '=', subscriber.name)
        .where('lease_owner', '=', this.owner)
        .execute();
      this.later(wait + 5);
      return false;
    }
  }

  /** Waits until nothing is being delivered right now (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.busy.size > 0) await Promise.allSettled([...this.busy.values()]);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.poll) clearInterval(this.poll);
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await this.idle();
    // Hand the leases back so another process need not wait for them to expire.
    await this.deps.db
      .updateTable('hearth_event_cursors')
      .set({ lease_owner: null, lease_until: null })
      .where('lease_owner', '=', this.owner)
      .execute()
      .catch(() => undefined);
  }
}
