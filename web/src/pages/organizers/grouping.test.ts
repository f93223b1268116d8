import { describe, expect, it } from 'vitest';
import { filterByName, groupByLetter } from './grouping';

const items = [{ name: 'banana' }, { name: 'Apple' }, { name: 'Éclair' }, { name: '7-up' }, { name: 'avocado' }];

describe('filterByName', () => {
  it('ignores case and accents', () => {
    expect(filterByName(items, 'ECL').map((i) => i.name)).toEqual(['Éclair']);
    expect(filterByName(items, '  ')).toHaveLength(5);
  });
});

describe('groupByLetter', () => {
  it('groups by first letter in name order, with # for the rest', () => {
    expect(groupByLetter(items, 'en')).toEqual([
      { letter: '#', items: [{ name: '7-up' }] },
      { letter: 'A', items: [{ name: 'Apple' }, { name: 'avocado' }] },
      { letter: 'B', items: [{ name: 'banana' }] },
      { letter: 'E', items: [{ name: 'Éclair' }] },
    ]);
  });
});
