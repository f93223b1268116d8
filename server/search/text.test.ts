import { describe, expect, it } from 'vitest';
import { deletionVariants, editDistanceWithin, foldText, isCorrectableTerm, parseSearchText, searchTerms } from './text.js';

describe('search text', () => {
  it('folds case, accents and ligatures', () => {
    expect(foldText('Crème Brûlée')).toBe('creme brulee');
    expect(foldText('BŒUF À LA MODE')).toBe('boeuf a la mode');
    expect(foldText('Smørrebrød')).toBe('smorrebrod');
    expect(foldText('Straße')).toBe('strasse');
    expect(foldText('ﬁlet')).toBe('filet');
    expect(foldText('Jalapeño')).toBe('jalapeno');
  });

  it('splits words on anything but letters and digits, in every script', () => {
    expect(searchTerms("Grandma's chicken-pot pie (2½ cups)")).toEqual(['grandma', 's', 'chicken', 'pot', 'pie', '2', '1', '2', 'cups']);
    expect(searchTerms('борщ с говядиной')).toEqual(['борщ', 'с', 'говядинои']);
    expect(searchTerms(null)).toEqual([]);
    expect(searchTerms('  ... ')).toEqual([]);
  });

  it('keeps quoted phrases whole and drops repeated words', () => {
    expect(parseSearchText('red "Thai curry" red')).toEqual([
      { terms: ['red'], exact: false },
      { terms: ['thai', 'curry'], exact: true },
    ]);
    expect(parseSearchText("'crème' grandma's pie")).toEqual([
      { terms: ['creme'], exact: true },
      { terms: ['grandma'], exact: false },
      { terms: ['s'], exact: false },
      { terms: ['pie'], exact: false },
    ]);
    expect(parseSearchText('"unclosed quote')).toEqual([
      { terms: ['unclosed'], exact: false },
      { terms: ['quote'], exact: false },
    ]);
    expect(parseSearchText('""')).toEqual([]);
  });

  it('measures one edit, swaps of neighbours included', () => {
    expect(editDistanceWithin('chiken', 'chicken', 1)).toBe(true);
    expect(editDistanceWithin('chikcen', 'chicken', 1)).toBe(true);
    expect(editDistanceWithin('chockolate', 'chocolate', 1)).toBe(true);
    expect(editDistanceWithin('chocolste', 'chocolate', 1)).toBe(true);
    expect(editDistanceWithin('chkn', 'chicken', 1)).toBe(false);
    expect(editDistanceWithin('tufo', 'tofu', 1)).toBe(false);
    expect(editDistanceWithin('tfou', 'tofu', 1)).toBe(true);
    expect(editDistanceWithin('crème', 'creme', 1)).toBe(true);
  });

  it('lists deletion variants and which words get them', () => {
    expect(deletionVariants('salt').sort()).toEqual(['alt', 'sal', 'salt', 'slt', 'sat'].sort());
    expect(deletionVariants('coffee').sort()).toEqual(['cffee', 'cofee', 'coffe', 'coffee', 'offee']);
    expect(isCorrectableTerm('egg')).toBe(true);
    expect(isCorrectableTerm('ox')).toBe(false);
    expect(isCorrectableTerm('2024')).toBe(false);
    expect(isCorrectableTerm('x'.repeat(40))).toBe(false);
  });
});
