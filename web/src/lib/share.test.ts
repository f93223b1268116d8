import { describe, expect, it } from 'vitest';
import { shareDestination, sharedLink } from './share';

describe('a share to Hearth', () => {
  it('finds the address in url, in a sentence of text, or in the title, without the closing punctuation', () => {
    expect(sharedLink({ url: 'https://example.org/soup' })).toBe('https://example.org/soup');
    expect(sharedLink({ text: 'Look at this: https://example.org/pie?x=1. So good!' })).toBe('https://example.org/pie?x=1');
    expect(sharedLink({ title: 'Pie (https://example.org/pie)' })).toBe('https://example.org/pie');
    expect(sharedLink({ text: 'no address here', title: 'Pie' })).toBeNull();
  });

  it('sends photos to the photo import and an address to the URL import with its test', () => {
    expect(shareDestination('home', { images: 2, url: 'https://example.org/x' })).toBe('/g/home/r/create/ocr?shared=2');
    expect(shareDestination('my group', { text: 'https://example.org/a b' })).toBe(
      '/g/my%20group/r/create/url?recipe_import_url=https%3A%2F%2Fexample.org%2Fa&test=1',
    );
    expect(shareDestination('home', { text: 'just words' })).toBeNull();
  });
});
