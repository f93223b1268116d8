import { describe, expect, it } from 'vitest';
import { convertAmount, densityOf, identifyUnit, recipeSystem } from './convert';
import { ingredientText } from './ingredients';

const u = (name: string, abbreviation = '') => ({ name, pluralName: `${name}s`, abbreviation });
const food = (name: string) => ({ name });

describe('unit conversion', () => {
  it('knows measures by name, plural or abbreviation, and not "clove"', () => {
    expect(identifyUnit(u('cup'))?.key).toBe('cup');
    expect(identifyUnit({ name: 'Esslöffel' })?.key).toBe('tablespoon');
    expect(identifyUnit({ name: 'whatever', abbreviation: 'mL' })?.key).toBe('milliliter');
    expect(identifyUnit(u('clove'))).toBeNull();
    expect(identifyUnit(null)).toBeNull();
  });

  it('converts US volumes and weights to metric', () => {
    expect(convertAmount(2, u('cup'), food('milk'), 'metric')).toMatchObject({ quantity: 475, unit: { abbreviation: 'ml' } });
    expect(convertAmount(1, u('quart'), food('water'), 'metric')).toMatchObject({ quantity: 945, unit: { abbreviation: 'ml' } });
    expect(convertAmount(1, u('gallon'), food('water'), 'metric')).toMatchObject({ quantity: 3.79, unit: { abbreviation: 'l' } });
    expect(convertAmount(8, u('ounce', 'oz'), food('chicken'), 'metric')).toMatchObject({ quantity: 225, unit: { abbreviation: 'g' } });
    expect(convertAmount(3, u('pound', 'lb'), food('beef'), 'metric')).toMatchObject({ quantity: 1.36, unit: { abbreviation: 'kg' } });
  });

  it('weighs a cup of a food with a density', () => {
    // A cup of all-purpose flour is about 125 g, of sugar about 200 g, of butter about 227 g.
    expect(convertAmount(1, u('cup'), food('all-purpose flour'), 'metric')).toMatchObject({ quantity: 125, unit: { abbreviation: 'g' } });
    expect(convertAmount(1, u('cup'), food('sugar'), 'metric')).toMatchObject({ quantity: 200, unit: { abbreviation: 'g' } });
    expect(convertAmount(0.5, u('cup'), food('butter'), 'metric')).toMatchObject({ quantity: 115, unit: { abbreviation: 'g' } });
    expect(densityOf({ name: 'Breadcrumbs' })).toBe(0.45);
    expect(densityOf({ name: 'bread crumbs' })).toBe(0.45);
    expect(densityOf({ name: 'chocolate chips', pluralName: null })).toBe(0.72);
  });

  it('turns metric amounts into cups, spoons, ounces and pounds', () => {
    expect(convertAmount(250, u('milliliter', 'ml'), food('milk'), 'us')).toMatchObject({ quantity: 1, unit: { abbreviation: 'cup' } });
    expect(convertAmount(80, u('milliliter', 'ml'), food('milk'), 'us')).toMatchObject({ quantity: 1 / 3 });
    expect(convertAmount(10, u('milliliter', 'ml'), food('vanilla extract'), 'us')).toMatchObject({ quantity: 2, unit: { abbreviation: 'tsp' } });
    expect(convertAmount(30, u('milliliter', 'ml'), food('olive oil'), 'us')).toMatchObject({ quantity: 2, unit: { abbreviation: 'tbsp' } });
    expect(convertAmount(500, u('gram', 'g'), food('ground beef'), 'us')).toMatchObject({ quantity: 1.125, unit: { abbreviation: 'lb' } });
    expect(convertAmount(100, u('gram', 'g'), food('cheddar'), 'us')).toMatchObject({ quantity: 1, unit: { abbreviation: 'cup' } });
    expect(convertAmount(250, u('gram', 'g'), food('all-purpose flour'), 'us')).toMatchObject({ quantity: 2, unit: { abbreviation: 'cups' } });
    expect(convertAmount(200, u('gram', 'g'), food('chicken'), 'us')).toMatchObject({ quantity: 7, unit: { abbreviation: 'oz' } });
  });

  it('leaves spoons, non-measures, amounts already in the system and missing amounts alone', () => {
    expect(convertAmount(1, u('tablespoon', 'tbsp'), food('sugar'), 'metric')).toBeNull();
    expect(convertAmount(2, u('clove'), food('garlic'), 'metric')).toBeNull();
    expect(convertAmount(200, u('gram', 'g'), food('sugar'), 'metric')).toBeNull();
    expect(convertAmount(null, u('cup'), food('sugar'), 'metric')).toBeNull();
    expect(convertAmount(0, u('cup'), food('sugar'), 'metric')).toBeNull();
  });

  it('shows converted amounts in the ingredient line, after scaling', () => {
    const line = { quantity: 1, unit: u('cup'), food: food('all-purpose flour'), note: 'sifted' };
    expect(ingredientText(line, 2, false, 'metric')).toBe('250 g all-purpose flour sifted');
    expect(ingredientText(line, 1, false, null)).toBe('1 cup all-purpose flour sifted');
    const metric = { quantity: 400, unit: u('milliliter', 'ml'), food: food('coconut milk'), note: '' };
    expect(ingredientText(metric, 1, false, 'us')).toBe('1 ⅔ cups coconut milk');
  });

  it('says which system a recipe measures in', () => {
    expect(recipeSystem([{ unit: u('cup') }, { unit: u('gram', 'g') }, { unit: u('ounce') }])).toBe('us');
    expect(recipeSystem([{ unit: u('gram', 'g') }, { unit: u('clove') }])).toBe('metric');
    expect(recipeSystem([{ unit: u('clove') }, { unit: null }])).toBeNull();
  });
});
