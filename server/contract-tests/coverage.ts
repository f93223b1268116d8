import type { ApiName, OperationId } from './client.js';
import { clientOperations } from './client.js';
import { SERVED_BUT_NOT_EXERCISABLE, UNCOVERED_AREAS, UNCOVERED_OPERATIONS } from './uncovered.js';

/** One row's outcome: its body was the client's type, was not, had no declared type, or the status was wrong. */
export type Verdict = 'valid' | 'invalid' | 'no-body-type' | 'wrong-status';

/** What happened to one operation across its rows. */
interface Tally {
  exercised: boolean;
  verdicts: Verdict[];
  failures: string[];
}

export interface RouteProbe {
  /** Whether the server under test has a route for this client operation (path params in any name). */
  hasRoute(method: string, path: string): boolean;
}

export class Coverage {
  private readonly tallies = new Map<string, Tally>();

  constructor(
    private readonly coveredIds: ReadonlySet<string>,
    private readonly routeOf: (id: string) => { method: string; path: string } | undefined,
  ) {}

  private tally(id: string): Tally {
    let t = this.tallies.get(id);
    if (!t) this.tallies.set(id, (t = { exercised: false, verdicts: [], failures: [] }));
    return t;
  }

  exercised(id: string) {
    this.tally(id).exercised = true;
  }

  verdict(id: string, verdict: Verdict, failure?: string) {
    const t = this.tally(id);
    t.verdicts.push(verdict);
    if (failure) t.failures.push(failure);
  }

  /** The coverage line, the schema failures and the uncovered operations grouped by reason. */
  report(probe?: RouteProbe): string {
    const operations = clientOperations();
    const tallies = [...this.tallies.entries()].filter(([, t]) => t.exercised);
    const valid = tallies.filter(([, t]) => t.verdicts.length > 0 && t.verdicts.every((v) => v === 'valid'));
    const noBodyType = tallies.filter(([, t]) => t.verdicts.length > 0 && t.verdicts.every((v) => v === 'no-body-type'));
    const failed = tallies.filter(([, t]) => t.verdicts.includes('invalid') || t.verdicts.includes('wrong-status'));
    const lines = [
      `contract: ${tallies.length} of ${operations.length} operations exercised, ${valid.length} schema-valid`,
      `  ${noBodyType.length} exercised operations declare no body type in the client (any/void): status and row checks only`,
    ];
    if (failed.length > 0) {
      lines.push(`  ${failed.length} exercised operations answered a wrong status or a body that is not the client's type:`);
      for (const [id, t] of failed) lines.push(`    ${id}: ${t.failures[0]?.split('\n').slice(0, 4).join(' | ')}`);
    }

    const uncovered = operations.filter((op) => !this.coveredIds.has(op.id));
    const byReason = new Map<string, string[]>();
    const routeNowExists: string[] = [];
    for (const op of uncovered) {
      const reason = uncoveredReason(op.id, op.api) ?? 'NO REASON GIVEN (add it to uncovered.ts)';
      byReason.set(reason, [...(byReason.get(reason) ?? []), op.id]);
      const route = this.routeOf(op.id);
      if (probe && route && !SERVED_BUT_NOT_EXERCISABLE[op.id as OperationId] && probe.hasRoute(route.method, route.path)) routeNowExists.push(`${op.id} (${route.method} ${route.path})`);
    }
    lines.push(`uncovered: ${uncovered.length} operations`);
    for (const [reason, ids] of [...byReason.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
      lines.push(`  ${reason} (${ids.length}): ${ids.map((id) => id.split('.')[1]).join(', ')}`);
    }
    if (routeNowExists.length > 0) {
      lines.push(`  listed as uncovered, but Hearth now serves the route: add rows for them:`);
      for (const id of routeNowExists) lines.push(`    ${id}`);
    }
    return lines.join('\n');
  }
}

export function uncoveredReason(id: string, api: string): string | undefined {
  return UNCOVERED_OPERATIONS[id as OperationId] ?? UNCOVERED_AREAS[api as ApiName];
}
