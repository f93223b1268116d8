import type { Generated } from 'kysely';
import type { Bool } from './columns.js';

/** The platform's tables (migration 0007): outbox, subscriber cursors, jobs, schedules, settings. */
export interface HearthEventsTable {
  id: Generated<number>;
  type: string;
  group_id: string;
  household_id: string | null;
  user_id: string | null;
  data: string;
  created_at: string;
}
export interface HearthEventCursorsTable {
  subscriber: string;
  last_event_id: number;
  lease_owner: string | null;
  lease_until: string | null;
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  update_at: string;
}
export interface HearthEventFailuresTable {
  id: Generated<number>;
  subscriber: string;
  event_id: number;
  attempt: number;
  error: string;
  gave_up: Bool;
  created_at: string;
}
export interface HearthJobsTable {
  id: string;
  name: string;
  data: string;
  state: string;
  singleton_key: string | null;
  run_at: string;
  attempts: number;
  max_attempts: number;
  lease_owner: string | null;
  lease_until: string | null;
  progress: string | null;
  output: string | null;
  error: string | null;
  user_id: string | null;
  group_id: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}
export interface HearthSchedulesTable {
  name: string;
  next_run_at: string;
  last_run_at: string | null;
  last_error: string | null;
}
