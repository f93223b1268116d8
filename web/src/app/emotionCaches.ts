import createCache, { type EmotionCache } from '@emotion/cache';

/** Left-to-right styles: Emotion's defaults. */
export const ltrCache = createCache({ key: 'mui' });

let rtlCache: EmotionCache | null = null;

/**
 * MUI's documented RTL setup: an Emotion cache whose stylis plugins flip physical properties.
 * Loaded only when a right-to-left language is used, so left-to-right users never download it.
 */
export async function loadRtlCache(): Promise<EmotionCache> {
  if (rtlCache) return rtlCache;
  const [{ default: rtlPlugin }, { prefixer }] = await Promise.all([import('stylis-plugin-rtl'), import('stylis')]);
  rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
  return rtlCache;
}

export function getRtlCache(): EmotionCache | null {
  return rtlCache;
}
