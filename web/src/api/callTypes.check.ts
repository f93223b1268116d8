/**
 * Compile-time checks of the derived client (tsc runs them with the rest; nothing here runs): a call's
 * answer has its route's type, and a wrong type, body, param or route does not compile.
 */
import type { FoodOut } from '../../../contract/foods';
import type { UserOut } from '../../../contract/accounts';
import { ROUTES } from '../../../contract/route-table';
import type { ShoppingListOut } from '../../../contract/shopping';
import type { BackupScheduleOut } from '../../../contract/backups';
import { call } from './client';
import { sendMultipart } from './multipart';

export async function derivedClientChecks(): Promise<void> {
  const self = await call(ROUTES.usersSelf);
  const user: UserOut | null = self.data;
  // @ts-expect-error the answer of GET /api/users/self is a UserOut, not a FoodOut
  const food: FoodOut | null = self.data;

  await call(ROUTES.foodUpdate, { params: { item_id: 'f1' }, json: { name: 'salt' } });
  // @ts-expect-error a path with :item_id needs it
  await call(ROUTES.foodUpdate, { json: { name: 'salt' } });
  // @ts-expect-error the body is a FoodIn
  await call(ROUTES.foodUpdate, { params: { item_id: 'f1' }, json: { title: 'salt' } });
  // @ts-expect-error a param the path does not name
  await call(ROUTES.usersSelf, { params: { item_id: 'u1' } });
  await call(ROUTES.validateUserName, { query: { name: 'ann' } });
  // @ts-expect-error the validator's query is { name }
  await call(ROUTES.validateUserName, { query: { email: 'ann' } });

  // Rows of every area: shopping, backups, households, meal plans and uploads are typed from the table too.
  const list = await call(ROUTES.shoppingList, { params: { item_id: 'l1' } });
  const shoppingList: ShoppingListOut | null = list.data;
  // @ts-expect-error a shopping list is not a backup schedule
  const schedule: BackupScheduleOut | null = list.data;
  // @ts-expect-error the item ids of DELETE …/shopping/items go in the query as `ids`
  await call(ROUTES.shoppingItemsDelete, { query: { id: ['i1'] } });
  // @ts-expect-error a meal plan entry's id is the path's :item_id
  await call(ROUTES.mealplanDelete, {});
  // @ts-expect-error a multipart row is sent by sendMultipart, never as JSON
  await call(ROUTES.backupUpload, { json: [['archive', 'x']] });
  const uploaded = await sendMultipart(ROUTES.recipeImageUpload, [['image', new Blob()]], { params: { slug: 's' } });
  const image: string | undefined = uploaded.data?.image;
  // @ts-expect-error a field the row does not name
  await sendMultipart(ROUTES.backupUpload, [['file', new Blob()]]);
  // @ts-expect-error the image upload's path needs :slug
  await sendMultipart(ROUTES.recipeImageUpload, [['image', new Blob()]]);
  void [user, food, shoppingList, schedule, image];
}
