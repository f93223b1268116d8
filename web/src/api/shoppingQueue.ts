import type { ShoppingItemIn, ShoppingItemOut, ShoppingListOut, ShoppingListSummary } from './shopping';
import { shoppingApi } from './shopping';
import { readStorage, writeStorage } from '../lib/storage';
import { RECIPE_CHANGE_KINDS, sendRecipeChange, type RecipeChange } from './offlineChanges';

/**
 * Item changes made on the list page go through this queue: applied to the screen at once, kept in
 * localStorage, and sent in order. Offline (no answer) the queue waits and replays when the browser is
 * back online; a server error (5xx) is retried a few times. A refused batch (4xx) is sent again item by
 * item, so one bad item never takes the others down with it; what is still refused is never dropped
 * silently: it is kept in `refused` (with the server's reason) and shown until the user dismisses it.
 * Each replayed update carries the updatedAt the device
 * last saw, so a change made offline never undoes a newer one from another device; the queue passes the
 * new updatedAt on to its own later changes of the same item.
 */
export type ShoppingOp =
  | { seq: number; listId: string; kind: 'create'; items: Array<ShoppingItemIn & { id: string }>; attempts?: number }
  | { seq: number; listId: string; kind: 'update'; items: Array<ShoppingItemIn & { id: string }>; attempts?: number }
  | { seq: number; listId: string; kind: 'delete'; ids: string[]; attempts?: number };
/**
 * The same queue carries the recipe and meal-plan changes made offline (offlineChanges.ts: "I made this", a
 * rating, a meal-plan move); they belong to no list (listId '') and are counted in the same "N changes waiting".
 */
export type RecipeOp = RecipeChange & { seq: number; listId: ''; attempts?: number };
export type QueuedOp = ShoppingOp | RecipeOp;
const isShoppingOp = (op: QueuedOp): op is ShoppingOp => !RECIPE_CHANGE_KINDS.has(op.kind);

/** A change the server would not take: what it was and why (the server's message). */
export interface RefusedChange {
  seq: number;
  listId: string;
  kind: QueuedOp['kind'];
  /** The item's text (its note or food), when the change named one. */
  what: string;
  reason: string;
}
type NewOp = QueuedOp extends infer O ? (O extends QueuedOp ? Omit<O, 'seq'> : never) : never;
type NewShoppingOp = ShoppingOp extends infer O ? (O extends ShoppingOp ? Omit<O, 'seq'> : never) : never;

const QUEUE_KEY = 'hearth.shopping.queue';
const SNAPSHOT_KEY = (id: string) => `hearth.shopping.list.${id}`;
const LISTS_KEY = 'hearth.shopping.lists';
const REFUSED_KEY = 'hearth.shopping.refused';
/** Server errors (5xx) a change is retried through before it counts as refused. */
const MAX_ATTEMPTS = 5;

function load(): QueuedOp[] {
  try {
    return JSON.parse(readStorage(QUEUE_KEY) ?? '[]') as QueuedOp[];
  } catch {
    return [];
  }
}

function loadRefused(): RefusedChange[] {
  try {
    return JSON.parse(readStorage(REFUSED_KEY) ?? '[]') as RefusedChange[];
  } catch {
    return [];
  }
}

const queue: QueuedOp[] = load();
let refused: RefusedChange[] = loadRefused();
let flushing = false;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let offline = typeof navigator !== 'undefined' ? !navigator.onLine : false;
const listeners = new Set<() => void>();
const appliedListeners = new Set<(listId: string, updated: ShoppingItemOut[]) => void>();
let snapshot = { pending: queue.length, offline, refused };

function emit() {
  snapshot = { pending: queue.length, offline, refused };
  listeners.forEach((listener) => listener());
}

function save() {
  writeStorage(QUEUE_KEY, queue.length ? JSON.stringify(queue) : null);
  writeStorage(REFUSED_KEY, refused.length ? JSON.stringify(refused) : null);
  emit();
}

/** A refused batch of several items is sent again one item at a time (the others are not lost with it). */
function split(op: QueuedOp): QueuedOp[] | null {
  if (!isShoppingOp(op)) return null;
  if (op.kind === 'delete') return op.ids.length > 1 ? op.ids.map((id) => ({ ...op, ids: [id], attempts: 0 })) : null;
  return op.items.length > 1 ? op.items.map((item) => ({ ...op, items: [item], attempts: 0 }) as QueuedOp) : null;
}

function describe(op: QueuedOp): string {
  if (!isShoppingOp(op)) return op.what;
  if (op.kind === 'delete') return '';
  return op.items
    .map((item) => [(item.food as { name?: string } | null | undefined)?.name, item.note].filter(Boolean).join(' '))
    .filter(Boolean)
    .join(', ');
}

export const shoppingQueue = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  state: () => snapshot,
  /** Called after each change the server accepted (the page refreshes the list from it). */
  onApplied(listener: (listId: string, updated: ShoppingItemOut[]) => void) {
    appliedListeners.add(listener);
    return () => appliedListeners.delete(listener);
  },
  pendingFor: (listId: string) => queue.filter((op): op is ShoppingOp => isShoppingOp(op) && op.listId === listId),
  /** The recipe and meal-plan changes still waiting (shown on the screens as if done). */
  pendingRecipeChanges: () => queue.filter((op): op is RecipeOp => !isShoppingOp(op)),
  /** The user has read about the refused changes. */
  dismissRefused() {
    refused = [];
    save();
  },
  push(op: NewOp) {
    const seq = (queue.at(-1)?.seq ?? 0) + 1;
    queue.push({ ...op, seq } as QueuedOp);
    save();
    void flush();
  },
  flush: () => flush(),
};

function scheduleRetry() {
  if (retryTimer) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void flush();
  }, 5000);
}

async function send(op: QueuedOp) {
  if (!isShoppingOp(op)) return sendRecipeChange(op);
  if (op.kind === 'create') return shoppingApi.createItems(op.items);
  if (op.kind === 'update') return shoppingApi.updateItems(op.items);
  return shoppingApi.deleteItems(op.ids);
}

async function flush(): Promise<void> {
  if (flushing) return;
  flushing = true;
  try {
    while (queue.length > 0) {
      const op = queue[0];
      const { error, data } = await send(op);
      if (error && error.status === 0) {
        offline = true;
        emit();
        scheduleRetry();
        return;
      }
      offline = false;
      if (error && (error.status >= 500 || error.status === 429) && (op.attempts ?? 0) + 1 < MAX_ATTEMPTS) {
        op.attempts = (op.attempts ?? 0) + 1;
        save();
        scheduleRetry();
        return;
      }
      if (error) {
        const parts = split(op);
        if (parts) {
          queue.splice(0, 1, ...parts);
          save();
          continue;
        }
        queue.shift();
        refused = [...refused, { seq: op.seq, listId: op.listId, kind: op.kind, what: describe(op), reason: error.message }];
        save();
        // The screen drops the change it showed: the list is read again.
        appliedListeners.forEach((listener) => listener(op.listId, []));
        continue;
      }
      queue.shift();
      if (!isShoppingOp(op)) {
        basePlanMovesOn(op, data);
        save();
        appliedListeners.forEach((listener) => listener('', []));
        continue;
      }
      const answer = data as { createdItems: ShoppingItemOut[]; updatedItems: ShoppingItemOut[] } | null;
      const answered = answer && typeof answer === 'object' && 'updatedItems' in answer ? [...answer.createdItems, ...answer.updatedItems] : [];
      // Later changes of the same items were based on what this one just wrote.
      for (const item of answered) {
        for (const later of queue) {
          if (!isShoppingOp(later) || later.kind === 'delete') continue;
          for (const queued of later.items) if (queued.id === item.id) queued.updatedAt = item.updatedAt;
        }
      }
      save();
      appliedListeners.forEach((listener) => listener(op.listId, answered));
    }
  } finally {
    flushing = false;
  }
}

/** A later move of the same meal-plan entry was based on what this one just wrote (its new updatedAt). */
function basePlanMovesOn(op: RecipeOp, answer: unknown) {
  if (op.kind !== 'plan-move' || !answer || typeof answer !== 'object' || !('updatedAt' in answer)) return;
  for (const later of queue) {
    if (later.kind === 'plan-move' && later.entry.id === op.entry.id) later.entry = { ...later.entry, ...op.changes, updatedAt: (answer as { updatedAt?: string | null }).updatedAt ?? null };
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    offline = false;
    emit();
    void flush();
  });
  window.addEventListener('offline', () => {
    offline = true;
    emit();
  });
  if (queue.length > 0) void flush();
}

/** The list as the device should show it: the server's copy with the queued changes on top. */
export function withPending(list: ShoppingListOut): ShoppingListOut {
  let items = list.listItems;
  for (const op of shoppingQueue.pendingFor(list.id)) items = applyOp(items, op, list);
  return { ...list, listItems: items };
}

export function applyOp(items: ShoppingItemOut[], op: NewShoppingOp, list: Pick<ShoppingListOut, 'id' | 'groupId' | 'householdId'>): ShoppingItemOut[] {
  if (op.kind === 'delete') return items.filter((item) => !op.ids.includes(item.id));
  if (op.kind === 'update') {
    return items.map((item) => {
      const change = op.items.find((c) => c.id === item.id);
      if (!change) return item;
      const { updatedAt: _seen, recipeReferences: _refs, extras: _extras, food, unit, label, ...rest } = change;
      const defined = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
      return {
        ...item,
        ...defined,
        food: food === undefined ? item.food : (food as ShoppingItemOut['food']),
        unit: unit === undefined ? item.unit : (unit as ShoppingItemOut['unit']),
        label: label === undefined ? item.label : (label as ShoppingItemOut['label']),
      } as ShoppingItemOut;
    });
  }
  const known = new Set(items.map((item) => item.id));
  const added = op.items
    .filter((item) => !known.has(item.id))
    .map(
      (item): ShoppingItemOut => ({
        id: item.id,
        shoppingListId: list.id,
        groupId: list.groupId,
        householdId: list.householdId,
        quantity: item.quantity ?? 1,
        unit: (item.unit as ShoppingItemOut['unit']) ?? null,
        food: (item.food as ShoppingItemOut['food']) ?? null,
        note: item.note ?? '',
        isFood: Boolean(item.foodId),
        disableAmount: null,
        display: [item.quantity && item.quantity !== 1 ? item.quantity : null, (item.food as { name?: string } | null)?.name, item.note].filter(Boolean).join(' '),
        checked: Boolean(item.checked),
        position: item.position ?? items.length,
        foodId: item.foodId ?? null,
        labelId: item.labelId ?? null,
        unitId: item.unitId ?? null,
        label: (item.label as ShoppingItemOut['label']) ?? null,
        extras: {},
        recipeReferences: [],
        createdAt: null,
        updatedAt: null,
      }),
    );
  return [...items, ...added];
}

/** The last copy of a list seen online, for reading it offline. */
export function saveListSnapshot(list: ShoppingListOut) {
  writeStorage(SNAPSHOT_KEY(list.id), JSON.stringify(list));
}
export function readListSnapshot(id: string): ShoppingListOut | null {
  try {
    return JSON.parse(readStorage(SNAPSHOT_KEY(id)) ?? 'null') as ShoppingListOut | null;
  } catch {
    return null;
  }
}
export function saveListsSnapshot(lists: ShoppingListSummary[]) {
  writeStorage(LISTS_KEY, JSON.stringify(lists));
}
export function readListsSnapshot(): ShoppingListSummary[] | null {
  try {
    return JSON.parse(readStorage(LISTS_KEY) ?? 'null') as ShoppingListSummary[] | null;
  } catch {
    return null;
  }
}
