import type { ReadCookBook } from 'mealie-typescript';
import { expect } from 'vitest';
import { op, type World } from '../rows.js';
import { made, unique } from './fixtures.js';

const newCookbook = (w: World): Promise<ReadCookBook> =>
  made(w.admin.clients.HouseholdsCookbooksApi.createOneApiHouseholdsCookbooksPost({ name: unique('Contract cookbook'), description: 'for the contract', public: false, queryFilterString: '' }), 'cookbook');

/** The household's cookbooks (their rules and visibility are tested in server/modules/cookbooks). */
export const cookbookRows = [
  op('HouseholdsCookbooksApi', 'createOneApiHouseholdsCookbooksPost').row({
    status: 201,
    args: () => [{ name: 'Contract weeknights', description: 'quick ones', public: true, queryFilterString: '' }],
    check: (body, w) => expect(body).toMatchObject({ name: 'Contract weeknights', slug: 'contract-weeknights', public: true, householdId: w.admin.user.householdId }),
  }),
  op('HouseholdsCookbooksApi', 'getAllApiHouseholdsCookbooksGet').row({ as: 'member', status: 200, setup: newCookbook, args: () => [] }),
  op('HouseholdsCookbooksApi', 'getOneApiHouseholdsCookbooksItemIdGet').row({ as: 'member', status: 200, title: 'by id', setup: newCookbook, args: (_w, book) => [book.id] }),
  op('HouseholdsCookbooksApi', 'getOneApiHouseholdsCookbooksItemIdGet').row({ as: 'member', status: 200, title: 'by slug', setup: newCookbook, args: (_w, book) => [book.slug ?? ''] }),
  op('HouseholdsCookbooksApi', 'updateOneApiHouseholdsCookbooksItemIdPut').row({
    status: 200,
    setup: newCookbook,
    args: (_w, book) => [book.id, { name: 'Contract renamed cookbook', description: book.description, public: false, queryFilterString: '' }],
    check: (body) => expect(body.name).toBe('Contract renamed cookbook'),
  }),
  op('HouseholdsCookbooksApi', 'updateManyApiHouseholdsCookbooksPut').row({
    status: 200,
    setup: async (w) => [await newCookbook(w), await newCookbook(w)],
    args: (_w, books) => [books.map((b, index) => ({ id: b.id, groupId: b.groupId, householdId: b.householdId, name: b.name, position: 10 - index, queryFilterString: '' }))],
    check: (body, _w, books) => expect(body.map((b) => [b.id, b.position])).toEqual(books.map((b, index) => [b.id, 10 - index])),
  }),
  op('HouseholdsCookbooksApi', 'deleteOneApiHouseholdsCookbooksItemIdDelete').row({ status: 200, setup: newCookbook, args: (_w, book) => [book.id] }),
];
