/** The product's name, shown in the top bar and the document title. */
export const APP_NAME = 'Hearth';

/** Sidebar width (spec §9). */
export const DRAWER_WIDTH = 240;
/** Below this width the sidebar starts closed (spec §2: the drawer refuses its first open). */
export const DRAWER_BREAKPOINT_PX = 760;

/** Where translators learn how to help (linked from the language dialog). */
export const TRANSLATION_DOCS_URL = 'https://github.com/hearth-recipes/hearth/blob/main/TRANSLATING.md';
/** The admin sidebar's sponsor link. */
export const SPONSOR_URL = 'https://github.com/sponsors/hearth-recipes';
