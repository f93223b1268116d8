/**
 * Compile-time checks of the derived client (tsc runs them with the rest; nothing here runs): a call's
 * answer has its route's type, and a wrong type, body, param or route does not compile.
 */
import type { FoodOut } from '../../../contract/foods';
import type { UserOut } from '../../../contract/accounts';
import { ROUTES } from '../../../contract/route-table';
import { call } from './client';

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
  void [user, food];
}
