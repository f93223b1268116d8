import { expect } from 'vitest';
import { op, type World } from '../rows.js';
import { made, unique } from './fixtures.js';

// Categories and tags are created through the client; their create/delete/by-slug bodies are
// declared `any` by the client, so those rows check the name instead.
const newCategory = (w: World) =>
  made(w.admin.clients.OrganizerCategoriesApi.createOneApiOrganizersCategoriesPost({ name: unique('Contract category') }), 'category') as Promise<{ id: string; slug: string; name: string }>;
const newTag = (w: World) =>
  made(w.admin.clients.OrganizerTagsApi.createOneApiOrganizersTagsPost({ name: unique('Contract tag') }), 'tag') as Promise<{ id: string; slug: string; name: string }>;
const newTool = (w: World) => made(w.admin.clients.OrganizerToolsApi.createOneApiOrganizersToolsPost({ name: unique('Contract tool'), householdsWithTool: [] }), 'tool');

/** Categories, tags and tools of the caller's group. */
export const organizerRows = [
  op('OrganizerCategoriesApi', 'createOneApiOrganizersCategoriesPost').row({
    status: 201,
    args: () => [{ name: 'Contract Weeknight' }],
    check: (body) => expect(body).toMatchObject({ name: 'Contract Weeknight', slug: 'contract-weeknight' }),
  }),
  op('OrganizerCategoriesApi', 'getAllApiOrganizersCategoriesGet').row({ as: 'member', status: 200, setup: newCategory, args: () => [] }),
  op('OrganizerCategoriesApi', 'getAllEmptyApiOrganizersCategoriesEmptyGet').row({
    as: 'member',
    status: 200,
    setup: newCategory,
    args: () => [],
    check: (body, _w, category) => expect(body.map((c) => c.id)).toContain(category.id),
  }),
  op('OrganizerCategoriesApi', 'getOneApiOrganizersCategoriesItemIdGet').row({ as: 'member', status: 200, setup: newCategory, args: (_w, category) => [category.id] }),
  op('OrganizerCategoriesApi', 'getOneBySlugApiOrganizersCategoriesSlugCategorySlugGet').row({
    as: 'member',
    status: 200,
    setup: newCategory,
    args: (_w, category) => [category.slug],
    check: (body, _w, category) => expect(body).toMatchObject({ id: category.id, name: category.name }),
  }),
  op('OrganizerCategoriesApi', 'updateOneApiOrganizersCategoriesItemIdPut').row({
    status: 200,
    setup: newCategory,
    args: (_w, category) => [category.id, { name: `${category.name} renamed` }],
  }),
  op('OrganizerCategoriesApi', 'deleteOneApiOrganizersCategoriesItemIdDelete').row({ status: 200, setup: newCategory, args: (_w, category) => [category.id] }),

  op('OrganizerTagsApi', 'createOneApiOrganizersTagsPost').row({
    status: 201,
    args: () => [{ name: 'Contract Spicy' }],
    check: (body) => expect(body).toMatchObject({ name: 'Contract Spicy', slug: 'contract-spicy' }),
  }),
  op('OrganizerTagsApi', 'getAllApiOrganizersTagsGet').row({ as: 'member', status: 200, setup: newTag, args: () => [] }),
  op('OrganizerTagsApi', 'getEmptyTagsApiOrganizersTagsEmptyGet').row({
    as: 'member',
    status: 200,
    setup: newTag,
    args: () => [],
    check: (body, _w, tag) => expect((body as { id: string }[]).map((t) => t.id)).toContain(tag.id),
  }),
  op('OrganizerTagsApi', 'getOneApiOrganizersTagsItemIdGet').row({ as: 'member', status: 200, setup: newTag, args: (_w, tag) => [tag.id] }),
  op('OrganizerTagsApi', 'getOneBySlugApiOrganizersTagsSlugTagSlugGet').row({ as: 'member', status: 200, setup: newTag, args: (_w, tag) => [tag.slug] }),
  op('OrganizerTagsApi', 'updateOneApiOrganizersTagsItemIdPut').row({ status: 200, setup: newTag, args: (_w, tag) => [tag.id, { name: `${tag.name} renamed` }] }),
  op('OrganizerTagsApi', 'deleteRecipeTagApiOrganizersTagsItemIdDelete').row({ status: 200, setup: newTag, args: (_w, tag) => [tag.id] }),

  op('OrganizerToolsApi', 'createOneApiOrganizersToolsPost').row({ status: 201, args: () => [{ name: unique('Contract skillet'), householdsWithTool: [] }] }),
  op('OrganizerToolsApi', 'getAllApiOrganizersToolsGet').row({ as: 'member', status: 200, setup: newTool, args: () => [] }),
  op('OrganizerToolsApi', 'getOneApiOrganizersToolsItemIdGet').row({ as: 'member', status: 200, setup: newTool, args: (_w, tool) => [tool.id] }),
  op('OrganizerToolsApi', 'getOneBySlugApiOrganizersToolsSlugToolSlugGet').row({ as: 'member', status: 200, setup: newTool, args: (_w, tool) => [tool.slug] }),
  op('OrganizerToolsApi', 'updateOneApiOrganizersToolsItemIdPut').row({
    status: 200,
    setup: newTool,
    args: (w, tool) => [tool.id, { name: `${tool.name} renamed`, householdsWithTool: [w.admin.user.householdSlug] }],
  }),
  op('OrganizerToolsApi', 'deleteOneApiOrganizersToolsItemIdDelete').row({ status: 200, setup: newTool, args: (_w, tool) => [tool.id] }),
];
