/**
 * A recipe card's fixed size, in its own module so the page skeletons (part of the first download) can
 * draw card-sized placeholders without pulling in the card itself (its menu, rating, tooltips, dialogs).
 * Spec §9: the default card (image) height is 150.
 */
export const RECIPE_CARD_IMAGE_HEIGHT = 150;
export const TEXT_HEIGHT = 84;
export const CHIPS_HEIGHT = 30;
export const FOOTER_HEIGHT = 42;
export const RECIPE_CARD_HEIGHT = RECIPE_CARD_IMAGE_HEIGHT + TEXT_HEIGHT + CHIPS_HEIGHT + FOOTER_HEIGHT;
