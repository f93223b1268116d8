import { setLocale } from '../i18n';
import { localeDirection } from '../i18n/locales';
import { loadRtlCache } from './emotionCaches';

/** Changes the UI language; a right-to-left language first loads its style cache. */
export async function changeLanguage(code: string): Promise<void> {
  if (localeDirection(code) === 'rtl') await loadRtlCache();
  await setLocale(code);
}
