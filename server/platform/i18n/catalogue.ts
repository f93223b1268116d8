import type enUS from '../../../web/src/i18n/locales/en-US.json';

/**
 * The server's texts live in the web app's i18next catalogues (web/src/i18n/locales/<locale>.json), one
 * source for both: the "errors" section holds every error message the API answers with, the "server-mail"
 * section the emails it sends. The key types below are derived from en-US, so a key that en-US lacks does
 * not compile; `{{name}}` in a text marks a value filled in at run time.
 */
type Sections = typeof enUS;
type Dotted<S> = { [A in keyof S & string]: `${A}.${keyof S[A] & string}` }[keyof S & string];

/** An error message key: `<area>.<name>` under "errors" (e.g. `foods.food-named-already-exists`). */
export type ErrorKey = Dotted<Sections['errors']>;
/** An email text key under "server-mail". */
export type MailKey = keyof Sections['server-mail'] & string;
/** The values a text's {{placeholders}} name; null and undefined read as an empty text. */
export type MessageVars = Record<string, string | number | null | undefined>;

/** The catalogue sections the server reads (the rest of each file is the web app's). */
export const SERVER_SECTIONS = ['errors', 'server-mail', 'validators'] as const;
