import { useEffect, useRef } from 'react';
import type { EventType, LiveEvent } from '../../../contract/events';
import { API } from '../../../contract/routes';
import { getToken, subscribeToken } from './token';

/**
 * The web app's one reader of live updates: the household stream (GET /api/households/events/stream, fed by
 * the outbox) for the whole tab, one connection shared by every component that listens, opened while someone
 * listens and a user is signed in. It is read with fetch (the session cookie goes with it; no token in the
 * URL), resumes from the last event id after a drop (the server replays what was missed) and reconnects with
 * back-off, at once when the browser comes back online. Screens do not listen here themselves: the event →
 * query-key map in hooks/liveRefresh.ts refreshes what they show.
 */
type Listener = { types: ReadonlySet<EventType> | null; onEvent: (event: LiveEvent) => void };

const STREAM_PATH = API.householdsEventsStream;
const listeners = new Set<Listener>();
let controller: AbortController | null = null;
let lastEventId: string | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let failures = 0;

function dispatch(event: LiveEvent): void {
  for (const l of listeners) {
    if (!l.types || l.types.has(event.type)) {
      try {
        l.onEvent(event);
      } catch (err) {
        console.error(err);
      }
    }
  }
}

/** Parses `text/event-stream` blocks; comments (heartbeats) and `retry:` lines are ignored. */
export function parseSseBlock(block: string): { id: string | null; data: string | null } {
  let id: string | null = null;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('id:')) id = line.slice(3).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  return { id, data: data.length ? data.join('\n') : null };
}

async function connect(): Promise<void> {
  const token = getToken();
  if (!token || listeners.size === 0 || controller) return;
  const abort = new AbortController();
  controller = abort;
  try {
    // The credential is the HttpOnly session cookie; the stored token is only a sign-in marker (api/token.ts).
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (lastEventId) headers['Last-Event-ID'] = lastEventId;
    const response = await fetch(STREAM_PATH, { headers, signal: abort.signal, credentials: 'same-origin', cache: 'no-store' });
    if (response.status === 401 || response.status === 403) return; // signed out: wait for a new token
    if (!response.ok || !response.body) throw new Error(`stream ${response.status}`);
    failures = 0;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value.replace(/\r\n?/g, '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const { id, data } = parseSseBlock(block);
        if (id) lastEventId = id;
        if (data) {
          try {
            dispatch(JSON.parse(data) as LiveEvent);
          } catch {
            // not an event of ours
          }
        }
      }
    }
    throw new Error('stream ended');
  } catch {
    if (abort.signal.aborted) return;
    failures += 1;
  } finally {
    if (controller === abort) controller = null;
  }
  scheduleReconnect();
}

function scheduleReconnect(): void {
  if (retryTimer || listeners.size === 0) return;
  const wait = Math.min(30_000, 1000 * 2 ** Math.min(failures, 5)) * (0.75 + Math.random() / 2);
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void connect();
  }, wait);
}

function disconnect(): void {
  controller?.abort();
  controller = null;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
}

// Back online (a phone leaving a tunnel): reconnect now rather than after the back-off, replaying what was missed.
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    if (listeners.size === 0) return;
    failures = 0;
    disconnect();
    void connect();
  });
}

// Signing in (or out, or as someone else) restarts the stream with the new token, from scratch.
subscribeToken(() => {
  disconnect();
  lastEventId = null;
  void connect();
});

/** Subscribes to live events of the given types (all when empty) while the component is mounted. */
export function useLiveEvents(types: readonly EventType[], onEvent: (event: LiveEvent) => void): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const key = [...types].sort().join(',');
  useEffect(() => {
    const listener: Listener = { types: key ? new Set(key.split(',') as EventType[]) : null, onEvent: (e) => handler.current(e) };
    listeners.add(listener);
    void connect();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) disconnect();
    };
  }, [key]);
}
