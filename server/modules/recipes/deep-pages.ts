import type { RecipeListQuery } from '../../../contract/recipes.js';
import type { Deps } from '../../platform/deps.js';
import { dateAddedDirection, type RecipeQuery } from './list-repo.js';

/*
 * A page deep in a large list walks its whole offset in the order's index: page 1,667 of 100,000 recipes
 * skips 49,980 entries, ~20 ms on PostgreSQL. Mealie's web app scrolls page after page, so each page costs
 * more than the last. Every MILESTONE_STEP-th recipe of a group's list in date-added order (the default) is
 * remembered under the lists' version, in the read cache's marks: a deep page seeks to the milestone at or
 * before its offset by (created_at, id) and walks less than a step from there. A milestone not yet known is
 * found from the nearest known one before it, so scrolling down a list walks each stretch once per version.
 */

export const MILESTONE_STEP = 500;

type Direction = 'asc' | 'desc';
/** A recipe's place in date-added order: its created_at and id. */
type Mark = [string, string];

/** The direction of a date-added list that can seek from a milestone, or null (another order, or nulls placed). */
function milestoneDirection(query: Pick<RecipeListQuery, 'orderBy' | 'orderDirection' | 'orderByNullPosition'>): Direction | null {
  return query.orderByNullPosition ? null : dateAddedDirection(query);
}

function seek(ordered: RecipeQuery, mark: Mark | null, direction: Direction): RecipeQuery {
  if (!mark) return ordered;
  return ordered.where((eb) => eb(eb.refTuple('r.created_at', 'r.id'), direction === 'desc' ? '<=' : '>=', eb.tuple(mark[0], mark[1])));
}

/**
 * The page's query from its milestone on (`ordered`: the group's list, filtered and ordered as asked), limited
 * and offset from there; null when the list is in another order, or the page starts before the first
 * milestone or past the end of the list. Costs one statement when the milestone is not known yet under
 * `version`.
 */
export async function pageFromMilestone(
  deps: Pick<Deps, 'readCache'>,
  ordered: RecipeQuery,
  page: { groupId: string; query: RecipeListQuery; limit: number; offset: number; version: string },
): Promise<RecipeQuery | null> {
  const direction = milestoneDirection(page.query);
  const position = Math.floor(page.offset / MILESTONE_STEP) * MILESTONE_STEP;
  if (!direction || position === 0) return null;
  const marks = deps.readCache.marks;
  const scope = `milestones:${page.groupId}:${direction}`;
  const positions = Array.from({ length: position / MILESTONE_STEP }, (_, i) => String((i + 1) * MILESTONE_STEP));
  const known = marks.lookup(page.version, scope, positions).map((json) => (json === undefined ? null : (JSON.parse(json) as Mark)));
  let mark = known[known.length - 1];
  if (!mark) {
    const before = known.findLastIndex((found) => found !== null);
    const from = before === -1 ? { position: 0, mark: null } : { position: Number(positions[before]), mark: known[before] };
    const row = await seek(ordered, from.mark, direction)
      .select(['r.created_at', 'r.id'])
      .limit(1)
      .offset(position - from.position)
      .executeTakeFirst();
    if (!row) return null;
    mark = [row.created_at, row.id];
    marks.keep(page.version, scope, String(position), JSON.stringify(mark));
  }
  return seek(ordered, mark, direction).limit(page.limit).offset(page.offset - position);
}
