import { describe, expect, it } from 'vitest';
import { areaFromUrl, collectImageUrls, resolveUrl } from './clean-images.js';
import { cleanIngredients } from './clean-ingredients.js';
import { cleanInstructions } from './clean-instructions.js';
import { cleanNutrition, cleanNutritionValue } from './clean-nutrition.js';
import { cleanTagList } from './clean-tags.js';
import { cleanLine, cleanMultiline, decodeEntities, htmlToText } from './clean-text.js';
import { cleanTime, formatDuration, parseFreeTextDuration, parseIsoDuration } from './clean-time.js';
import { cleanYield, parseLeadingQuantity } from './clean-yield.js';
import { parseLenientJson } from './json-repair.js';

describe('cleanTime', () => {
  it.each([
    ['PT1H30M', '1 hour 30 minutes'],
    ['PT90M', '1 hour 30 minutes'],
    ['P0DT0H20M', '20 minutes'],
    ['P0DT1H15M', '1 hour 15 minutes'],
    ['PT00H30M', '30 minutes'],
    ['PT2H', '2 hours'],
    ['PT1M', '1 minute'],
    ['PT45S', '45 seconds'],
    ['PT0.5H', '30 minutes'],
    ['P1DT2H', '1 day 2 hours'],
    ['PT36H', '1 day 12 hours'],
    ['P30M', '30 minutes'],
    ['pt15m', '15 minutes'],
    ['1 hour 30 minutes', '1 hour 30 minutes'],
    ['1 hr 30 mins', '1 hour 30 minutes'],
    ['1h30', '1 hour 30 minutes'],
    ['1 Std. 20 Min.', '1 hour 20 minutes'],
    ['45 Minuten', '45 minutes'],
    ['2 Hours and 5 Minutes', '2 hours 5 minutes'],
    ['1:30', '1 hour 30 minutes'],
    ['90', '1 hour 30 minutes'],
    ['20-25 minutes', '20-25 minutes'],
    ['overnight', 'overnight'],
  ])('%s → %s', (input, expected) => {
    expect(cleanTime(input)).toBe(expected);
  });

  it('reads numbers as minutes, {minValue} objects and arrays', () => {
    expect(cleanTime(75)).toBe('1 hour 15 minutes');
    expect(cleanTime({ '@type': 'QuantitativeValue', minValue: 'PT10M', maxValue: 'PT15M' })).toBe('10 minutes');
    expect(cleanTime(['', 'PT5M'])).toBe('5 minutes');
  });

  it.each([null, undefined, '', '  ', 'PT', 'PT0M', 'None', 'null', 0, -5, {}, [], true])('%s → null', (input) => {
    expect(cleanTime(input)).toBeNull();
  });

  it('parses ISO durations to seconds and formats seconds back', () => {
    expect(parseIsoDuration('PT1H1M1S')).toBe(3661);
    expect(parseIsoDuration('1 hour')).toBeNull();
    expect(parseFreeTextDuration('about an hour')).toBeNull();
    expect(formatDuration(86_400 + 3_600 + 60 + 1)).toBe('1 day 1 hour 1 minute 1 second');
    expect(formatDuration(0)).toBeNull();
  });
});

describe('cleanYield', () => {
  it.each<[unknown, string, number, number]>([
    ['4 servings', '4 servings', 0, 4],
    ['Serves 4', 'Serves 4', 0, 4],
    ['Makes 12', 'Makes 12', 12, 0],
    ['Makes 12 cookies', 'Makes 12 cookies', 12, 0],
    ['4-6', '4-6 servings', 0, 4],
    ['4–6 servings', '4–6 servings', 0, 4],
    ['6', '6 servings', 0, 6],
    [4, '4 servings', 0, 4],
    [['4', '4 servings'], '4 servings', 0, 4],
    [['20', '20 (5 cups)'], '20 (5 cups)', 20, 20],
    [['10', '10 to 12 servings'], '10 to 12 servings', 0, 10],
    ['2 Portion(en)', '2 Portion(en)', 0, 2],
    ['Ingredients for 4', 'Ingredients for 4', 0, 4],
    ['1 loaf', '1 loaf', 1, 0],
    ['Makes about 18', 'Makes about 18', 18, 0],
    ['Makes a dozen', 'Makes a dozen', 12, 0],
    ['<b>Serves&nbsp;2</b>', 'Serves 2', 0, 2],
  ])('%j → %j, quantity %d, servings %d', (input, text, quantity, servings) => {
    expect(cleanYield(input)).toEqual({ recipeYield: text, recipeYieldQuantity: quantity, recipeServings: servings });
  });

  it('gives nothing for missing or odd values', () => {
    for (const input of [null, undefined, '', [], {}, 'a few']) {
      expect(cleanYield(input)).toMatchObject({ recipeYieldQuantity: 0, recipeServings: 0 });
    }
  });

  it('reads fractions, decimals and ranges in leading quantities', () => {
    expect(parseLeadingQuantity('1 1/2 cups')).toBe(1.5);
    expect(parseLeadingQuantity('½ batch')).toBe(0.5);
    expect(parseLeadingQuantity('1½ cups')).toBe(1.5);
    expect(parseLeadingQuantity('1,5 l')).toBe(1.5);
    expect(parseLeadingQuantity('3/4')).toBe(0.75);
    expect(parseLeadingQuantity('18-22 meatballs')).toBe(18);
    expect(parseLeadingQuantity('twelve rolls')).toBe(12);
    expect(parseLeadingQuantity('some')).toBe(0);
  });
});

describe('cleanNutrition', () => {
  it('keeps the number of each Mealie nutrition field', () => {
    const nutrition = cleanNutrition({
      '@type': 'NutritionInformation',
      calories: '250 kcal',
      fatContent: '12 g',
      carbohydrateContent: '12,5g',
      proteinContent: 7,
      sodiumContent: '1.2 g',
      cholesterolContent: '80 mg',
      sugarContent: '',
      servingSize: '1 slice',
    });
    expect(nutrition).toEqual({
      calories: '250',
      carbohydrateContent: '12.5',
      cholesterolContent: '80',
      fatContent: '12',
      fiberContent: null,
      proteinContent: '7',
      saturatedFatContent: null,
      sodiumContent: '1200',
      sugarContent: null,
      transFatContent: null,
      unsaturatedFatContent: null,
    });
  });

  it.each<[Parameters<typeof cleanNutritionValue>[0], unknown, string | null]>([
    ['calories', '105 kcal 104 sugar', '105'],
    ['calories', '1,250 calories', '1250'],
    ['calories', '1046 kJ', '250'],
    ['calories', '1046 kJ / 250 kcal', '250'],
    ['calories', ['not just a string'], null],
    ['sugarContent', 'but still tries 555.321', '555.321'],
    ['sodiumContent', '5.1235g', '5123.5'],
    ['sodiumContent', '5mg', '5'],
    ['sodiumContent', '10oz', '10'],
    ['fatContent', 'none', null],
    ['fatContent', null, null],
  ])('%s %j → %j', (field, input, expected) => {
    expect(cleanNutritionValue(field, input)).toBe(expected);
  });

  it('gives all-null nutrition for anything but an object', () => {
    for (const input of [null, 'x', 5, []]) {
      expect(Object.values(cleanNutrition(input)).every((value) => value === null)).toBe(true);
    }
  });
});

describe('cleanInstructions', () => {
  const expectTexts = (input: unknown, texts: string[]) =>
    expect(cleanInstructions(input).map((step) => step.text)).toEqual(texts);

  it.each<[string, unknown]>([
    ['blank lines', 'A\n\nB\n\nC\n\n'],
    ['single lines', 'A\nB\nC\n'],
    ['CRLF paragraphs', 'A\r\n\r\nB\r\n\r\nC\r\n\r\n'],
    ['CRLF lines', 'A\r\nB\r\nC\r\n'],
    ['<br>', 'A<br>B<br />C'],
    ['<p>', '<p>A</p><p>B</p><p>C</p>'],
    ['<li>', '<ol><li>A</li><li>B</li><li>C</li></ol>'],
    ['a list of strings', ['A', 'B', 'C']],
    ['a list holding one string', ['A\nB\nC']],
    ['HowToSteps', ['A', 'B', 'C'].map((text) => ({ '@type': 'HowToStep', text }))],
    ['a number-keyed object', { '1': { text: 'B' }, '0': { text: 'A' }, '2': { text: 'C' } }],
    ['a JSON string', '[{"text":"A"},{"text":"B"},{"text":"C"}]'],
    ['numbered lines', '1. A\n2) B\nStep 3: C'],
    ['number-only lines', '1.\nA\n2.\nB\n3.\nC'],
  ])('splits %s into steps', (_, input) => {
    expectTexts(input, ['A', 'B', 'C']);
  });

  it('keeps the paragraphs of one HowToStep together', () => {
    expect(cleanInstructions([{ '@type': 'HowToStep', text: 'Mix.<br><br>Rest.' }])).toEqual([{ text: 'Mix.\n\nRest.' }]);
  });

  it('titles the first step of each HowToSection, however deeply nested', () => {
    const steps = cleanInstructions([
      {
        '@type': 'HowToSection',
        name: 'Dough',
        itemListElement: [
          { '@type': 'HowToSection', name: 'Starter', itemListElement: [{ '@type': 'HowToStep', text: 'Feed.' }] },
          { '@type': 'HowToStep', text: 'Knead.' },
        ],
      },
      { '@type': 'HowToSection', name: 'Sauce', itemListElement: [{ '@type': 'HowToStep', text: 'Simmer.' }] },
    ]);
    expect(steps).toEqual([{ title: 'Starter', text: 'Feed.' }, { text: 'Knead.' }, { title: 'Sauce', text: 'Simmer.' }]);
  });

  it('joins the directions of a HowToStep made of parts, and keeps a distinct name as summary', () => {
    expect(
      cleanInstructions([
        {
          '@type': 'HowToStep',
          itemListElement: [
            { '@type': 'HowToDirection', text: 'Whisk.' },
            { '@type': 'HowToTip', text: 'Do not overmix.' },
          ],
        },
        { '@type': 'HowToStep', name: 'Bake', text: 'Put it in the oven for 20 minutes.' },
        { '@type': 'HowToStep', name: 'Bake 20…', text: 'Bake 20 minutes.' },
      ]),
    ).toEqual([
      { text: 'Whisk.\nDo not overmix.' },
      { summary: 'Bake', text: 'Put it in the oven for 20 minutes.' },
      { text: 'Bake 20 minutes.' },
    ]);
  });

  it('decodes entities, strips tags and drops empty steps', () => {
    expectTexts(['Add salt&nbsp;&amp; pepper.&nbsp;', '<span> </span>', '&lt;b&gt;Serve&lt;/b&gt;'], ['Add salt & pepper.', 'Serve']);
    expectTexts(null, []);
    expectTexts(42, []);
    expectTexts('1.5 cups go in first.', ['1.5 cups go in first.']);
  });
});

describe('cleanIngredients', () => {
  it('reads strings, one multi-line string and objects', () => {
    expect(cleanIngredients('1 egg\n\n2 cups flour').map((line) => line.note)).toEqual(['1 egg', '2 cups flour']);
    expect(cleanIngredients(['  1&nbsp;egg ', '', '<a href="#">2 cups</a> flour']).map((line) => line.note)).toEqual([
      '1 egg',
      '2 cups flour',
    ]);
    expect(cleanIngredients([{ '@type': 'HowToSupply', name: 'flour', requiredQuantity: { value: 2, unitText: 'cups' } }])[0].note).toBe(
      '2 cups flour',
    );
  });

  it('turns heading lines into the title of the line after them', () => {
    const lines = cleanIngredients(['Ingredients:', 'For the dough:', '1 egg', '<strong>Sauce</strong>', '1 tomato', '** Topping **', 'basil']);
    expect(lines.map((line) => [line.title, line.note])).toEqual([
      ['For the dough', '1 egg'],
      ['Sauce', '1 tomato'],
      ['Topping', 'basil'],
    ]);
  });

  it('keeps a heading-like last line, having nothing to title', () => {
    expect(cleanIngredients(['1 egg', 'Garnish:']).map((line) => line.note)).toEqual(['1 egg', 'Garnish:']);
  });
});

describe('text cleaning', () => {
  it('strips tags, decodes entities (twice-escaped too) and collapses whitespace', () => {
    expect(cleanLine('<p>Fish&nbsp;&amp;&nbsp;Chips</p>\n  <em>deluxe</em>')).toBe('Fish & Chips deluxe');
    expect(cleanLine('Caf&amp;eacute; &#8211; &#x27;30&#x27;')).toBe("Café – '30'");
    expect(cleanLine('&lt;b&gt;bold&lt;/b&gt;')).toBe('bold');
    expect(cleanLine('Heat to < 100°C')).toBe('Heat to < 100°C');
    expect(cleanLine('<script>alert(1)</script>Safe')).toBe('Safe');
    expect(cleanLine(['first', 'second'])).toBe('first');
    expect(cleanLine({ not: 'text' })).toBe('');
  });

  it('keeps paragraphs in multi-line text', () => {
    expect(cleanMultiline('One.\r\n\r\n\r\nTwo.<br>Three.   ')).toBe('One.\n\nTwo.\nThree.');
    expect(htmlToText('<ul><li>a</li><li>b</li></ul>').trim().split(/\n+/)).toEqual(['a', 'b']);
    expect(decodeEntities('a&amp;b<c')).toBe('a&b<c');
  });

  it('merges tags: split on commas, trimmed, case-insensitively unique', () => {
    expect(cleanTagList('soup, Soup , bread,,', ['French', { name: 'bread' }], 7)).toEqual(['soup', 'bread', 'French', '7']);
  });
});

describe('images', () => {
  it('orders candidates largest first, unknown sizes counting as originals', () => {
    const urls = collectImageUrls(
      [
        [
          'https://ex.com/pie-500x375.jpg',
          'https://ex.com/pie.jpg',
          { '@type': 'ImageObject', url: 'https://ex.com/pie-big.jpg', width: '2000', height: '1500' },
          [{ contentUrl: 'https://ex.com/pie-small.jpg', width: 100, height: 100 }],
        ],
        ['https://ex.com/thumb.jpg', 'https://ex.com/pie.jpg'],
      ],
      null,
    );
    expect(urls).toEqual([
      'https://ex.com/pie.jpg',
      'https://ex.com/pie-big.jpg',
      'https://ex.com/pie-500x375.jpg',
      'https://ex.com/pie-small.jpg',
      'https://ex.com/thumb.jpg',
    ]);
  });

  it('resolves relative URLs and drops what cannot be an image address', () => {
    expect(resolveUrl('img/a.jpg?x=1&amp;y=2', 'https://ex.com/r/page')).toBe('https://ex.com/r/img/a.jpg?x=1&y=2');
    expect(resolveUrl('//cdn.ex.com/a.jpg', null)).toBe('https://cdn.ex.com/a.jpg');
    expect(resolveUrl('a.jpg', null)).toBeNull();
    expect(resolveUrl('data:image/png;base64,AAAA', 'https://ex.com/')).toBeNull();
    expect(collectImageUrls([[{}, 5, null, 'javascript:alert(1)']], 'https://ex.com/')).toEqual([]);
  });

  it('reads sizes from common URL patterns', () => {
    expect(areaFromUrl('https://a.com/x/w_1805,h_2527,c_limit/p.jpg')).toBe(1805 * 2527);
    expect(areaFromUrl('https://a.com/p.jpg?mode=crop&width=1426&height=713')).toBe(1426 * 713);
    expect(areaFromUrl('https://a.com/thmb/abc=/640x360/smart/p.jpg')).toBe(640 * 360);
    expect(areaFromUrl('https://a.com/p_16x9.jpg')).toBeNull();
  });
});

describe('lenient JSON', () => {
  it('parses JSON with the usual defects', () => {
    expect(parseLenientJson('{"a": 1,}')).toEqual({ a: 1 });
    expect(parseLenientJson('<!-- {"a": "line\nbreak\ttab"} -->')).toEqual({ a: 'line\nbreak\ttab' });
    expect(parseLenientJson('{"a":1}{"b":2}')).toEqual([{ a: 1 }, { b: 2 }]);
    expect(parseLenientJson('{"a": "x,}"}')).toEqual({ a: 'x,}' });
    expect(parseLenientJson('{&quot;a&quot;: &quot;b&quot;}')).toEqual({ a: 'b' });
    expect(parseLenientJson('not json')).toBeUndefined();
    expect(parseLenientJson('')).toBeUndefined();
  });
});
