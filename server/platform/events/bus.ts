import type pg from 'pg';
// Only a PostgreSQL install listens; a SQLite one never loads pg (loadPg requires it on first use).
import { loadPg } from '../../lazy.js';

/**
 * Wake-ups between processes: one LISTEN connection per process on PostgreSQL (channels hearth_events,
 * hearth_jobs). Nothing on SQLite, where every writer is in this process and wakes its readers directly.
 * A dropped connection is reopened; readers also poll slowly, so a missed notification only delays.
 */
export class WakeBus {
  private client: pg.Client | null = null;
  private readonly listeners = new Map<string, Set<() => void>>();
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(private readonly pgUrl: string | null, private readonly channels: string[]) {}

  on(channel: string, listener: () => void): void {
    let set = this.listeners.get(channel);
    if (!set) this.listeners.set(channel, (set = new Set()));
    set.add(listener);
  }

  emit(channel: string): void {
    for (const listener of this.listeners.get(channel) ?? []) listener();
  }

  async start(): Promise<void> {
    if (!this.pgUrl || this.stopped) return;
    const client = new (loadPg().Client)({ connectionString: this.pgUrl });
    client.on('notification', (msg) => this.emit(msg.channel));
    client.on('error', () => this.reconnect(client));
    client.on('end', () => this.reconnect(client));
    await client.connect();
    for (const channel of this.channels) await client.query(`LISTEN ${channel}`);
    this.client = client;
    // Anything sent while we were not listening.
    for (const channel of this.channels) this.emit(channel);
  }

  private reconnect(client: pg.Client): void {
    if (this.stopped || this.client !== client) return;
    this.client = null;
    client.end().catch(() => undefined);
    this.retry = setTimeout(() => {
      this.retry = null;
      this.start().catch(() => this.reconnectLater());
    }, 1000);
  }

  private reconnectLater(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.start().catch(() => this.reconnectLater());
    }, 2000);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => undefined);
  }
}
