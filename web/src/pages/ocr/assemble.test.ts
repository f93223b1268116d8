import { describe, expect, it } from 'vitest';
import { isHeading, toIngredientLines, toParagraph, toSteps, type SelectedLine } from './assemble';

let y = 0;
function lines(...texts: Array<string | null>): SelectedLine[] {
  y = 0;
  const out: SelectedLine[] = [];
  texts.forEach((text, i) => {
    if (text === null) {
      y += 40;
      return;
    }
    out.push({ id: `0.0.${i}`, text, bbox: { x0: 0, y0: y, x1: text.length * 15, y1: y + 30 } });
    y += 46;
  });
  return out;
}

describe('assembling OCR lines into recipe fields', () => {
  it('ingredients: one per line, headings and bullets dropped', () => {
    expect(toIngredientLines(lines('Ingredients', '• 200 g flour', '- 2 eggs', '300 ml milk'))).toEqual(['200 g flour', '2 eggs', '300 ml milk']);
    expect(isHeading('Zutaten:')).toBe(true);
    expect(isHeading('2 Zutaten')).toBe(false);
  });

  it('steps: numbered lines start steps; wrapped lines join; numbers go', () => {
    const method = lines('Method', '1. Chop the onions and garlic.', '2. Fry them in the oil until', 'soft, about ten minutes.', '3. Add the tomatoes and stock.');
    expect(toSteps(method)).toEqual(['Chop the onions and garlic.', 'Fry them in the oil until soft, about ten minutes.', 'Add the tomatoes and stock.']);
  });

  it('steps: paragraphs without numbers split at blank lines and at short closing lines', () => {
    const text = lines('Preheat the oven to 200 degrees and butter a', 'tin.', 'Whisk the eggs with the sugar until pale and', 'thick, then fold in the flour.', null, 'Bake for twenty minutes until golden brown on top.');
    expect(toSteps(text)).toEqual([
      'Preheat the oven to 200 degrees and butter a tin.',
      'Whisk the eggs with the sugar until pale and thick, then fold in the flour.',
      'Bake for twenty minutes until golden brown on top.',
    ]);
  });

  it('paragraphs join lines and mend words broken with a hyphen', () => {
    expect(toParagraph(lines('Ein saftiger Kuchen mit Back-', 'pulver und Äpfeln.'))).toBe('Ein saftiger Kuchen mit Backpulver und Äpfeln.');
  });
});
