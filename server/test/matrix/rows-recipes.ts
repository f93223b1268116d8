import * as make from '../factories.js';
import type { Fixtures } from './fixtures.js';
import { all, flag, pub, selfOrAdmin, user, type Identity } from './kinds.js';
import { r, type Row } from './row.js';

const freshRecipe = async (f: Fixtures, who: Identity) => {
  const made = await make.makeRecipe(f.deps, f.owner.auth, `Fresh ${who} ${Math.random().toString(36).slice(2, 8)}`);
  return { slug: made.slug, recipe_id: made.id };
};
const NO_IMAGE = '00000000-0000-4000-8000-000000000000';
// Household A locks its recipes against edits from other households (the default), so household B gets 403.
const edit = (o = {}) => user('group', { otherHousehold: 403, ...o });

function organizerRows(kind: 'categories' | 'tags' | 'tools'): Row[] {
  const base = `/api/organizers/${kind}`;
  const one = (f: Fixtures) => f[kind === 'categories' ? 'category' : kind === 'tags' ? 'tag' : 'tool'];
  const fresh = async (f: Fixtures) => ({ item_id: (await make.makeOrganizer(f.deps, kind, f.A.groupId)).id });
  return [
    r('GET', base, user()),
    r('POST', base, flag('canOrganize', 'own', { allowed: 201 }), { body: (_f, _p, who) => ({ name: `${kind} by ${who}` }) }),
    ...(kind === 'tools' ? [] : [r('GET', `${base}/empty`, user())]),
    r('GET', `${base}/slug/:slug`, user('group'), { params: (f) => ({ slug: one(f).slug }) }),
    r('GET', `${base}/:item_id`, user('group'), { params: (f) => ({ item_id: one(f).id }) }),
    r('PUT', `${base}/:item_id`, flag('canOrganize', 'group'), { fresh, body: (_f, p) => ({ name: `renamed ${p.item_id.slice(0, 8)}` }) }),
    r('DELETE', `${base}/:item_id`, flag('canOrganize', 'group'), { fresh }),
  ];
}

function foodLikeRows(base: string, maker: 'makeFood' | 'makeUnit' | 'makeLabel', createStatus: number): Row[] {
  const fresh = async (f: Fixtures) => ({ item_id: (await make[maker](f.deps, f.A.groupId)).id });
  return [
    r('GET', base, user()),
    r('POST', base, flag('canOrganize', 'own', { allowed: createStatus }), { body: (_f, _p, who) => ({ name: `${maker} by ${who}` }) }),
    r('GET', `${base}/:item_id`, user('group'), { params: (f) => ({ item_id: f[maker === 'makeFood' ? 'food' : maker === 'makeUnit' ? 'unit' : 'label'].id }) }),
    r('PUT', `${base}/:item_id`, flag('canOrganize', 'group'), { fresh, body: (_f, p) => ({ name: `renamed ${p.item_id.slice(0, 8)}` }) }),
    r('DELETE', `${base}/:item_id`, flag('canOrganize', 'group'), { fresh }),
  ];
}

/** Organizers, foods, units, labels, seeders, recipes and everything hanging off a recipe. */
export const recipeRows: Row[] = [
  ...organizerRows('categories'),
  ...organizerRows('tags'),
  ...organizerRows('tools'),
  ...foodLikeRows('/api/foods', 'makeFood', 201),
  ...foodLikeRows('/api/units', 'makeUnit', 201),
  ...foodLikeRows('/api/groups/labels', 'makeLabel', 200),
  r('PUT', '/api/foods/merge', flag('canOrganize', 'group'), {
    fresh: async (f) => ({ from: (await make.makeFood(f.deps, f.A.groupId)).id, to: (await make.makeFood(f.deps, f.A.groupId)).id }),
    body: (_f, p) => ({ fromFood: p.from, toFood: p.to }),
  }),
  r('PUT', '/api/units/merge', flag('canOrganize', 'group'), {
    fresh: async (f) => ({ from: (await make.makeUnit(f.deps, f.A.groupId)).id, to: (await make.makeUnit(f.deps, f.A.groupId)).id }),
    body: (_f, p) => ({ fromUnit: p.from, toUnit: p.to }),
  }),
  r('POST', '/api/groups/seeders/foods', flag('canOrganize'), { body: { locale: 'en-US' } }),
  r('POST', '/api/groups/seeders/units', flag('canOrganize'), { body: { locale: 'en-US' } }),
  r('POST', '/api/groups/seeders/labels', flag('canOrganize'), { body: { locale: 'en-US' } }),

  r('GET', '/api/recipes', user()),
  r('GET', '/api/recipes/category', user()),
  r('GET', '/api/recipes/suggestions', user()),
  r('POST', '/api/recipes', user('own', { allowed: 201 }), { body: (_f, _p, who) => ({ name: `Created by ${who}` }) }),
  r('PUT', '/api/recipes', edit(), { fresh: freshRecipe, body: (_f, p) => [{ slug: p.slug, id: p.recipe_id, name: `Bulk ${p.slug}` }] }),
  r('PATCH', '/api/recipes', edit(), { fresh: freshRecipe, body: (_f, p) => [{ slug: p.slug, id: p.recipe_id, description: 'patched' }] }),
  r('PUT', '/api/recipes/:slug', edit(), { fresh: freshRecipe, body: (_f, p) => ({ slug: p.slug, name: `Put ${p.slug}` }) }),
  r('PATCH', '/api/recipes/:slug', edit(), { fresh: freshRecipe, body: { description: 'patched' } }),
  r('GET', '/api/recipes/:slug', user('group'), { params: (f) => ({ slug: f.recipe.slug }) }),
  r('GET', '/api/recipes/:slug/nutrition/computed', user('group'), { params: (f) => ({ slug: f.recipe.slug }) }),
  // Which nutrition a recipe shows is an edit of the recipe.
  r('PUT', '/api/recipes/:slug/nutrition/source', edit(), { fresh: freshRecipe, body: { source: 'computed' } }),
  r('GET', '/api/foods/reference-foods', user(), { query: 'search=flour' }),
  r('GET', '/api/foods/:item_id/reference-suggestions', user('group'), { params: (f) => ({ item_id: f.food.id }) }),
  // Interchangeable foods are the caller's household's own (issue 37): any member of the group reads and sets them for it.
  r('GET', '/api/foods/:item_id/equivalents', user('group'), { params: (f) => ({ item_id: f.food.id }) }),
  r('PUT', '/api/foods/:item_id/equivalents', user('group'), { params: (f) => ({ item_id: f.food.id }), body: { foodIds: [] } }),
  r('DELETE', '/api/recipes/:slug', edit(), { fresh: freshRecipe }),
  r('POST', '/api/recipes/:slug/duplicate', user('group', { allowed: 201 }), { params: (f) => ({ slug: f.recipe.slug }), body: {} }),
  // Mealie lets any member of the group mark a recipe made: it is not an edit, so the edit lock does not apply.
  r('PATCH', '/api/recipes/:slug/last-made', user('group'), { fresh: freshRecipe, body: { timestamp: '2026-01-05T12:00:00Z' } }),
  // "I made this" with the foods it used up (issue 37): like last-made, any member of the group, for their own household.
  r('GET', '/api/recipes/:slug/made-it', user('group'), { params: (f) => ({ slug: f.recipe.slug }) }),
  r('POST', '/api/recipes/:slug/made-it', user('group', { allowed: 201 }), { fresh: freshRecipe, body: { subject: 'Made this', usedUpFoodIds: [] } }),
  r('PUT', '/api/recipes/:slug/image', edit({ allowed: 400 }), { fresh: freshRecipe, body: { url: 'not a url' } }),
  // No file sent: the body is refused before the recipe is looked up, for every signed-in caller.
  r('POST', '/api/recipes/:slug/image', user('own', { allowed: 422 }), { fresh: freshRecipe }),
  r('DELETE', '/api/recipes/:slug/image', edit(), { fresh: freshRecipe }),
  // Hearth's gallery and step images (issue 41): reading is the group's, changing is an edit of the recipe.
  r('GET', '/api/recipes/:slug/images', user('group'), { params: (f) => ({ slug: f.recipe.slug }) }),
  r('POST', '/api/recipes/:slug/images', edit({ allowed: 400 }), { fresh: freshRecipe, note: 'no file sent' }),
  r('PUT', '/api/recipes/:slug/images', edit({ allowed: 400 }), { fresh: freshRecipe, body: { order: [NO_IMAGE] }, note: 'no such image' }),
  r('DELETE', '/api/recipes/:slug/images/:image_id', edit({ allowed: 404 }), { fresh: async (f, who) => ({ ...(await freshRecipe(f, who)), image_id: NO_IMAGE }), note: 'no such image' }),
  r('POST', '/api/recipes/:slug/images/:image_id/main', edit({ allowed: 404 }), { fresh: async (f, who) => ({ ...(await freshRecipe(f, who)), image_id: NO_IMAGE }), note: 'no such image' }),
  r('GET', '/api/media/recipes/:recipe_id/images/gallery/:image_id/:file_name', all(404), { params: (f) => ({ recipe_id: f.recipe.id, image_id: NO_IMAGE, file_name: 'original.webp' }) }),
  r('GET', '/api/media/recipes/:recipe_id/images/steps/:image_id/:file_name', all(404), { params: (f) => ({ recipe_id: f.recipe.id, image_id: NO_IMAGE, file_name: 'original.webp' }) }),
  r('POST', '/api/recipes/:slug/assets', edit({ allowed: 400 }), { fresh: freshRecipe, note: 'no file sent' }),
  r('GET', '/api/groups/storage', user()),
  r('GET', '/api/media/recipes/:recipe_id/images/:file_name', all(404), { params: (f) => ({ recipe_id: f.recipe.id, file_name: 'original.webp' }) }),
  r('GET', '/api/media/recipes/:recipe_id/images/timeline/:event_id/:file_name', all(404), { params: (f) => ({ recipe_id: f.recipe.id, event_id: f.event.id, file_name: 'original.webp' }) }),
  r('GET', '/api/media/recipes/:recipe_id/assets/:file_name', all(404), { params: (f) => ({ recipe_id: f.recipe.id, file_name: 'notes.pdf' }) }),

  r('GET', '/api/comments', user()),
  r('POST', '/api/comments', user('group', { allowed: 201 }), { body: (f) => ({ recipeId: f.recipe.id, text: 'nice' }) }),
  r('GET', '/api/comments/:item_id', user('group'), { params: (f) => ({ item_id: f.comment.id }) }),
  // Only a comment's author (the owner, none of the identities) or an admin changes it.
  r('PUT', '/api/comments/:item_id', { ...selfOrAdmin({ member: 403, apiToken: 403 }), otherGroup: 404 }, {
    fresh: async (f) => ({ item_id: (await make.makeComment(f.deps, f.recipe.id, f.owner.id)).id }),
    body: (f, p) => ({ id: p.item_id, text: 'edited' }),
  }),
  r('DELETE', '/api/comments/:item_id', { ...selfOrAdmin({ member: 403, apiToken: 403 }), otherGroup: 404 }, {
    fresh: async (f) => ({ item_id: (await make.makeComment(f.deps, f.recipe.id, f.owner.id)).id }),
  }),
  r('GET', '/api/recipes/:slug/comments', user('group'), { params: (f) => ({ slug: f.recipe.slug }) }),

  r('GET', '/api/recipes/timeline/events', user()),
  r('POST', '/api/recipes/timeline/events', user('group', { allowed: 201 }), { body: (f) => ({ recipeId: f.recipe.id, subject: 'made it', eventType: 'comment' }) }),
  r('GET', '/api/recipes/timeline/events/:item_id', user('group'), { params: (f) => ({ item_id: f.event.id }) }),
  // Only an event's author (the owner, none of the identities) or an admin changes it.
  r('PUT', '/api/recipes/timeline/events/:item_id', { ...selfOrAdmin({ member: 403, apiToken: 403 }), otherGroup: 404 }, {
    fresh: async (f) => ({ item_id: (await make.makeTimelineEvent(f.deps, f.recipe.id, f.owner.id)).id }),
    body: { subject: 'edited' },
  }),
  r('DELETE', '/api/recipes/timeline/events/:item_id', { ...selfOrAdmin({ member: 403, apiToken: 403 }), otherGroup: 404 }, {
    fresh: async (f) => ({ item_id: (await make.makeTimelineEvent(f.deps, f.recipe.id, f.owner.id)).id }),
  }),
  r('PUT', '/api/recipes/timeline/events/:item_id/image', user('own', { allowed: 400 }), { params: (f) => ({ item_id: f.event.id }), note: 'no file sent: refused before the event is looked up' }),

  r('GET', '/api/users/self/ratings', user()),
  r('GET', '/api/users/self/favorites', user()),
  r('GET', '/api/users/self/ratings/:recipe_id', user('group', { allowed: 404 }), { params: (f) => ({ recipe_id: f.recipe.id }) }),
  r('GET', '/api/users/:item_id/ratings', user('group'), { params: (f) => ({ item_id: f.member.id }) }),
  r('GET', '/api/users/:item_id/favorites', user('group'), { params: (f) => ({ item_id: f.member.id }) }),
  r('POST', '/api/users/:item_id/ratings/:slug', selfOrAdmin(), { params: (f) => ({ item_id: f.member.id, slug: f.recipe.slug }), body: { rating: 4 } }),
  r('POST', '/api/users/:item_id/favorites/:slug', selfOrAdmin(), { params: (f) => ({ item_id: f.member.id, slug: f.recipe.slug }) }),
  r('DELETE', '/api/users/:item_id/favorites/:slug', selfOrAdmin(), { params: (f) => ({ item_id: f.member.id, slug: f.recipe.slug }) }),

  r('GET', '/api/shared/recipes', user()),
  r('POST', '/api/shared/recipes', user('group', { allowed: 201 }), { body: (f) => ({ recipeId: f.recipe.id }) }),
  r('GET', '/api/shared/recipes/:item_id', user('group'), { params: (f) => ({ item_id: f.share.id }) }),
  r('DELETE', '/api/shared/recipes/:item_id', user('group'), { fresh: async (f) => ({ item_id: (await make.makeShareToken(f.deps, f.A.groupId, f.recipe.id)).id }) }),
  // A share link is a capability: whoever holds it reads the recipe.
  r('GET', '/api/recipes/shared/:token_id', pub(), { params: (f) => ({ token_id: f.share.id }), capability: true }),
  r('GET', '/api/recipes/shared/:token_id/zip', pub(), { params: (f) => ({ token_id: f.share.id }), capability: true }),
  r('GET', '/api/recipes/exports', user()),
  r('POST', '/api/recipes/:slug/exports', user('group'), { params: (f) => ({ slug: f.recipe.slug }), query: 'template_name=recipes.json' }),
  r('GET', '/api/recipes/:slug/exports', user('group'), { params: (f) => ({ slug: f.recipe.slug }), query: 'template_name=raw' }),
  r('GET', '/api/recipes/:slug/exports/zip', user('group', { allowed: 401 }), { params: (f) => ({ slug: f.recipe.slug }), query: 'token=not-a-token', note: 'a download token that is not valid' }),

  r('POST', '/api/recipes/bulk-actions/tag', edit(), { fresh: freshRecipe, body: (f, p) => ({ recipes: [p.slug], tags: [{ id: f.tag.id, name: f.tag.name, slug: f.tag.slug }] }) }),
  r('POST', '/api/recipes/bulk-actions/categorize', edit(), { fresh: freshRecipe, body: (f, p) => ({ recipes: [p.slug], categories: [{ id: f.category.id, name: f.category.name, slug: f.category.slug }] }) }),
  r('POST', '/api/recipes/bulk-actions/settings', edit(), { fresh: freshRecipe, body: (_f, p) => ({ recipes: [p.slug], settings: { public: false } }) }),
  r('POST', '/api/recipes/bulk-actions/delete', edit(), { fresh: freshRecipe, body: (_f, p) => ({ recipes: [p.slug] }) }),
  r('POST', '/api/recipes/bulk-actions/export', user('group', { allowed: 202 }), { body: (f) => ({ recipes: [f.recipe.slug], exportType: 'json' }) }),
  r('GET', '/api/recipes/bulk-actions/export', user()),
  r('GET', '/api/recipes/bulk-actions/export/download', user('own', { allowed: 422 }), { note: 'no path given' }),
  r('GET', '/api/recipes/bulk-actions/export/:export_id/download', user('own', { allowed: 404 }), { params: () => ({ export_id: '00000000-0000-4000-8000-000000000000' }) }),
  r('DELETE', '/api/recipes/bulk-actions/export/purge', flag('canManage')),
  r('GET', '/api/utils/download', all(422), { note: 'no token given' }),
  r('POST', '/api/recipes/create/url', user('own', { allowed: 400 }), { body: { url: 'not a url' } }),
  r('POST', '/api/recipes/create/url/bulk', user('own', { allowed: 202 }), { body: { imports: [{ url: 'not a url' }] } }),
  r('POST', '/api/recipes/test-scrape-url', user('own', { allowed: 400 }), { body: { url: 'not a url' } }),
  r('POST', '/api/recipes/create/html-or-json', user('own', { allowed: 400 }), { body: { data: 'no recipe here' } }),
  r('POST', '/api/recipes/create/zip', user('own', { allowed: 400 }), { note: 'no file sent' }),
  r('POST', '/api/recipes/create/image', user('own', { allowed: 400 }), { note: 'no file sent' }),
  r('GET', '/api/recipes/bulk-actions/parse-ingredients', user()),
  // Parsing rewrites the recipes' ingredients: the edit rule applies.
  r('POST', '/api/recipes/bulk-actions/parse-ingredients', edit({ allowed: 200 }), { fresh: freshRecipe, body: (_f, p) => ({ recipes: [p.slug] }) }),
  r('POST', '/api/parser/ingredient', user(), { body: { ingredient: '1 cup flour' } }),
  r('POST', '/api/parser/ingredients', user(), { body: { ingredients: ['2 eggs'] } }),
  r('GET', '/api/groups/reports', user(), { query: 'report_type=migration' }),
  r('GET', '/api/groups/reports/:item_id', user('group'), { params: (f) => ({ item_id: f.report.id }) }),
  r('DELETE', '/api/groups/reports/:item_id', user('group'), { fresh: async (f) => ({ item_id: (await make.makeReport(f.deps, f.A.groupId)).id }) }),

  // Explore: group A is private (the default), so its public pages answer 404 to everyone, members too.
  ...(
    [
      ['/recipes', {}],
      ['/recipes/suggestions', {}],
      ['/recipes/:recipe_slug', { recipe_slug: 'recipe' }],
      ['/foods', {}],
      ['/foods/:item_id', { item_id: 'food' }],
      ['/households', {}],
      ['/households/:household_slug', { household_slug: 'household' }],
      ['/organizers/categories', {}],
      ['/organizers/categories/:item_id', { item_id: 'category' }],
      ['/organizers/tags', {}],
      ['/organizers/tags/:item_id', { item_id: 'tag' }],
      ['/organizers/tools', {}],
      ['/organizers/tools/:item_id', { item_id: 'tool' }],
      ['/cookbooks', {}],
      ['/cookbooks/:item_id', { item_id: 'cookbook' }],
    ] as Array<[string, Record<string, string>]>
  ).map(([tail, wanted]) =>
    r('GET', `/api/explore/groups/:group_slug${tail}`, all(404), {
      params: (f) => {
        const p: Record<string, string> = { group_slug: f.slugs.group };
        for (const [name, what] of Object.entries(wanted)) {
          p[name] = what === 'recipe' ? f.recipe.slug : what === 'household' ? f.slugs.household : (f[what as 'food' | 'category' | 'tag' | 'tool' | 'cookbook'] as { id: string }).id;
        }
        return p;
      },
    }),
  ),
];
