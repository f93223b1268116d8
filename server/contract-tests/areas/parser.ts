import { expect } from 'vitest';
import { op, type World } from '../rows.js';
import { made, unique, uniqueWord } from './fixtures.js';

/** The group's unit named `name` (the unit seeder may have made it already), made when missing. */
async function unitNamed(w: World, name: string) {
  const created = await w.admin.clients.RecipesUnitsApi.createOneApiUnitsPost({
    name,
    pluralName: `${name}s`,
    abbreviation: name.slice(0, 3),
    pluralAbbreviation: name.slice(0, 3),
    description: '',
    fraction: true,
    useAbbreviation: false,
    aliases: [],
  });
  if (created.status === 201) return created.data;
  const all = await made(w.admin.clients.RecipesUnitsApi.getAllApiUnitsGet(undefined, undefined, undefined, undefined, undefined, undefined, 1, -1), 'units');
  const unit = all.items.find((u) => u.name === name);
  if (!unit) throw new Error(`fixture "unit ${name}" failed: ${created.status} ${JSON.stringify(created.data)}`);
  return unit;
}

/**
 * A food of one made-up word, with a label, and a unit of the group's catalogue, for the parser to match.
 * Every line a row sends is matched in the catalogue: the client types the parsed food and unit as
 * Food1 / Unit1 (an id, no nulls), while Mealie answers an unknown food or unit as CreateIngredientFood /
 * CreateIngredientUnit without an id and with null plural and label, which no server can fit to that type.
 */
async function catalogue(w: World, unitName: string) {
  const word = uniqueWord('contractgrain');
  const label = await made(w.admin.clients.GroupsMultiPurposeLabelsApi.createOneApiGroupsLabelsPost({ name: unique('Contract pantry'), color: '#aa7733' }), 'label');
  const food = await made(
    w.admin.clients.RecipesFoodsApi.createOneApiFoodsPost({ name: word, pluralName: `${word}s`, description: 'a grain', labelId: label.id, aliases: [], householdsWithIngredientFood: [] }),
    'food',
  );
  return { food, unit: await unitNamed(w, unitName), word };
}

/** The ingredient parser: one line or many, with each registered parser. */
export const parserRows = [
  op('RecipeIngredientParserApi', 'parseIngredientApiParserIngredientPost').row({
    as: 'member',
    status: 200,
    title: 'nlp',
    setup: (w) => catalogue(w, 'cup'),
    args: (_w, { word }) => [{ parser: 'nlp', ingredient: `2 cups ${word}s, sifted` }],
    check: (body, _w, { food, unit }) => {
      expect(body.input).toBe(body.ingredient.originalText);
      expect(body.ingredient).toMatchObject({ quantity: 2, food: { id: food.id }, unit: { id: unit.id } });
    },
  }),
  op('RecipeIngredientParserApi', 'parseIngredientApiParserIngredientPost').row({
    as: 'member',
    status: 200,
    title: 'the default parser',
    setup: (w) => catalogue(w, 'cup'),
    args: (_w, { word }) => [{ ingredient: `1 cup ${word}` }],
    check: (body, _w, { food }) => expect(body.ingredient.food?.id).toBe(food.id),
  }),
  op('RecipeIngredientParserApi', 'parseIngredientsApiParserIngredientsPost').row({
    as: 'member',
    status: 200,
    title: 'nlp',
    setup: (w) => catalogue(w, 'tablespoon'),
    args: (_w, { word }) => [{ parser: 'nlp', ingredients: [`1 tablespoon ${word}`, `3 tablespoons ${word}s`] }],
    check: (body, _w, { food }) => {
      expect(body.map((p) => p.ingredient.quantity)).toEqual([1, 3]);
      expect(body.map((p) => p.ingredient.food?.id)).toEqual([food.id, food.id]);
    },
  }),
  op('RecipeIngredientParserApi', 'parseIngredientsApiParserIngredientsPost').row({
    status: 200,
    title: 'brute',
    setup: (w) => catalogue(w, 'cup'),
    args: (_w, { word }) => [{ parser: 'brute', ingredients: [`2 cups ${word}`, `1 cup ${word}s`] }],
    check: (body, _w, { unit }) => expect(body.map((p) => p.ingredient.unit?.id)).toEqual([unit.id, unit.id]),
  }),
  op('RecipeIngredientParserApi', 'parseIngredientsApiParserIngredientsPost').row({
    status: 200,
    title: 'openai',
    setup: (w) => catalogue(w, 'cup'),
    args: (_w, { word }) => [{ parser: 'openai', ingredients: [`1 bag ${word}`] }],
    check: (body, _w, { food }) => expect(body[0].ingredient).toMatchObject({ quantity: 1, food: { id: food.id } }),
  }),
];
