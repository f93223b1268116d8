import type { EventType, HearthEvent } from '../../../contract/events.js';
import type { Deps } from '../deps.js';

/**
 * A side effect of events, listed in `subscribers` (server/modules/index.ts). Each has its own cursor: it
 * receives the events it names after commit, in order, at least once (a handler that throws gets the same
 * event again with back-off; one slow or failing subscriber never holds up another). `name` is the
 * cursor's key: never rename a subscriber that has already run.
 */
export interface Subscriber {
  name: string;
  events: readonly EventType[] | '*';
  handle(event: HearthEvent, deps: Deps): Promise<void>;
  /** Attempts per event before it is recorded as given up and skipped (default 10). */
  maxAttempts?: number;
}
