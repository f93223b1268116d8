import { beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../../../contract/events';

// The map's module sits beside the app's stream reader, which listens on `window` when loaded: Node has none.
let refreshKeysFor: typeof import('./liveRefresh').refreshKeysFor;
beforeAll(async () => {
  const g = globalThis as { window?: EventTarget };
  g.window ??= new EventTarget();
  ({ refreshKeysFor } = await import('./liveRefresh'));
});

const event = (id: number, type: LiveEvent['type'], data: Record<string, unknown>): LiveEvent =>
  ({ id, type, groupId: 'g', householdId: 'h', userId: 'u', data, createdAt: '2026-01-01T00:00:00.000Z' }) as LiveEvent;

describe('the event → query-key map', () => {
  it('refreshes a ticked list once: its item event and its list event share the same keys', () => {
    const tick = [event(1, 'shopping_list_item_updated', { id: 'i1', shoppingListId: 'L1', checked: true }), event(2, 'shopping_list_updated', { id: 'L1' })];
    expect(refreshKeysFor(tick)).toEqual([
      ['shopping', 'lists'],
      ['shopping', 'list', 'L1'],
    ]);
  });

  it('filters by list: another list\'s tick does not refresh this one', () => {
    const keys = refreshKeysFor([event(3, 'shopping_list_item_created', { id: 'i2', shoppingListId: 'L2' })]).map((k) => JSON.stringify(k));
    expect(keys).toContain(JSON.stringify(['shopping', 'list', 'L2']));
    expect(keys).not.toContain(JSON.stringify(['shopping', 'list', 'L1']));
  });

  it('drops a key a shorter key of the same batch already covers, and ignores events nobody shows', () => {
    const keys = refreshKeysFor([
      event(4, 'tag_updated', { id: 't' }),
      event(5, 'recipe_updated', { id: 'r', slug: 'r' }),
      event(6, 'mealplan_entry_created', { id: '1' }),
      event(7, 'user_signup', { id: 'x' } as never),
    ]);
    const texts = keys.map((k) => JSON.stringify(k));
    expect(new Set(texts).size).toBe(texts.length);
    for (const a of keys) for (const b of keys) if (a !== b) expect(JSON.stringify(b).startsWith(JSON.stringify(a).slice(0, -1) + ',')).toBe(false);
    expect(keys.length).toBe(3); // organizers, recipes, meal plans
  });
});
