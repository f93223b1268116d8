import { createHash } from 'node:crypto';
import type { Deps } from '../../platform/deps.js';

/*
 * A searched or filtered list counts its matches (the whole group's list reads the group's counter instead).
 * On a large library that count is most of a page's time: ~25–40 ms for a common word among 100,000 recipes
 * on PostgreSQL, whose count visits the heap page of every match. Mealie's web app scrolls a search page
 * after page, and each would count the same matches again. So a count is kept in the read cache's marks
 * under the lists' version: it stays exact, because every write to a table behind a list moves the version.
 */

const SCOPE = 'totals';

/**
 * The total of the list `what` describes (everything its count depends on: group, words, filter SQL and
 * parameters), counted once per lists' `version`; counted every time without a version.
 */
export function keptTotal(deps: Pick<Deps, 'readCache'>, version: string | undefined, what: string, count: () => Promise<number>): Promise<number> {
  if (version === undefined) return count();
  // A digest keeps the entry small whatever the filter's length.
  const key = createHash('sha1').update(what).digest('base64url');
  const marks = deps.readCache.marks;
  const [known] = marks.lookup(version, SCOPE, [key]);
  if (known !== undefined) return Promise.resolve(Number(known));
  return count().then((total) => {
    marks.keep(version, SCOPE, key, String(total));
    return total;
  });
}
