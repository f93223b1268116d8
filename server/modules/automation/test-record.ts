import type { AutomationTestOut } from '../../../contract/automation.js';
import type { Deps } from '../../platform/deps.js';
import { nowIso } from '../../db/schema.js';
import { failureMessage } from './http.js';

/**
 * The outcome of a webhook's or notifier's "test", kept on its row: the test answers at once (as Mealie's does)
 * and is delivered by a job; the page reads how it went from `lastTest`.
 */
type TestTable = 'webhook_urls' | 'group_events_notifiers';

export function lastTestOut(row: { last_test_at?: string | null; last_test_status?: string | null; last_test_error?: string | null }): AutomationTestOut | null {
  if (!row.last_test_at || !row.last_test_status) return null;
  const status = row.last_test_status === 'sent' || row.last_test_status === 'failed' ? row.last_test_status : 'sending';
  return { at: row.last_test_at, status, error: row.last_test_error ?? null };
}

export async function markTestSending(deps: Pick<Deps, 'db'>, table: TestTable, id: string): Promise<void> {
  await deps.db.updateTable(table).set({ last_test_at: nowIso(), last_test_status: 'sending', last_test_error: null }).where('id', '=', id).execute();
}

/** Records the delivery's result (the household-safe reason of a failure, never the upstream's text). */
export async function recordTestResult(deps: Pick<Deps, 'db'>, table: TestTable, id: string, failure: unknown): Promise<void> {
  await deps.db
    .updateTable(table)
    .set({ last_test_at: nowIso(), last_test_status: failure === null ? 'sent' : 'failed', last_test_error: failure === null ? null : failureMessage(failure) })
    .where('id', '=', id)
    .execute();
}
