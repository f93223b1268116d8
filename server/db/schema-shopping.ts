import type { Bool, Timestamps } from './columns.js';

/** Shopping lists, their items and the recipes an item came from (Mealie's tables). */
export interface ShoppingListsTable extends Timestamps {
  id: string;
  group_id: string;
  household_id: string;
  user_id: string;
  name: string | null;
  extras: string;
}

export interface ShoppingListItemsTable extends Timestamps {
  id: string;
  shopping_list_id: string;
  position: number;
  checked: Bool;
  quantity: number;
  note: string;
  is_food: Bool;
  unit_id: string | null;
  food_id: string | null;
  label_id: string | null;
  extras: string;
}

export interface ShoppingItemRecipeRefTable {
  id: string;
  shopping_list_item_id: string;
  recipe_id: string;
  recipe_quantity: number;
  recipe_scale: number;
  recipe_note: string | null;
}
