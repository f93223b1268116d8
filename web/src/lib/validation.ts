import type { TFunction } from 'i18next';
import { fieldMessages, PASSWORD_MIN_LENGTH } from '../../../contract/messages';
import { i18n } from '../i18n';
import { DEFAULT_LOCALE } from '../i18n/locales';

export { PASSWORD_MIN_LENGTH };

/**
 * The English field messages come from the shared contract (spec §5), so they are written once;
 * they are the en-US entries of the `validators` keys. Other locales translate them in their JSON.
 */
export const contractMessages = {
  validators: {
    required: fieldMessages.required,
    email: fieldMessages.email,
    noWhitespace: fieldMessages.noWhitespace,
    url: fieldMessages.url,
    minLength: fieldMessages.minLength(0).replace('0', '{{n}}'),
    maxLength: fieldMessages.maxLength(0).replace('0', '{{n}}'),
  },
};

// The messages come from contract/messages.ts, which has no zod; this module
// registers the en-US messages when it loads.
i18n.addResourceBundle(DEFAULT_LOCALE, 'translation', contractMessages, true, false);

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** react-hook-form `validate` rules that answer with translated contract messages. */
export function validators(t: TFunction) {
  return {
    required: (v: unknown) => (typeof v === 'string' ? v.trim() !== '' : v != null) || t('validators.required'),
    email: (v: unknown) => !text(v) || EMAIL_RE.test(text(v).trim()) || t('validators.email'),
    noWhitespace: (v: unknown) => !/\s/.test(text(v)) || t('validators.noWhitespace'),
    minLength: (n: number) => (v: unknown) => text(v).length >= n || t('validators.minLength', { n }),
    maxLength: (n: number) => (v: unknown) => text(v).length <= n || t('validators.maxLength', { n }),
    url: (v: unknown) => {
      if (!text(v)) return true;
      try {
        const u = new URL(text(v));
        return u.protocol === 'http:' || u.protocol === 'https:' || t('validators.url');
      } catch {
        return t('validators.url');
      }
    },
  };
}
