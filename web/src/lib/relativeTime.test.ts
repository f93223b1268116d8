import { describe, expect, it } from 'vitest';
import { relativeTime } from './relativeTime';

const now = new Date('2026-11-24T12:00:00Z');

describe('relativeTime', () => {
  it('says how long ago in the locale, through Intl', () => {
    expect(relativeTime('2026-11-21T12:00:00Z', 'en-US', now)).toBe('3 days ago');
    expect(relativeTime('2026-11-23T12:00:00Z', 'en-US', now)).toBe('yesterday');
    expect(relativeTime('2026-11-24T11:58:00Z', 'en-US', now)).toBe('2 minutes ago');
    expect(relativeTime('2026-11-21T12:00:00Z', 'de-DE', now)).toBe('vor 3 Tagen');
    expect(relativeTime('2026-11-21T12:00:00Z', 'he-IL', now)).toBe(new Intl.RelativeTimeFormat('he-IL', { numeric: 'auto' }).format(-3, 'day'));
    expect(relativeTime('2026-12-01T12:00:00Z', 'en-US', now)).toBe('next week');
  });
});
