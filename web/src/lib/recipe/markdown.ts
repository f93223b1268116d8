import DOMPurify from 'dompurify';
import { Marked } from 'marked';

/** Spec §5: markdown is sanitised against an allowed tag list. */
export const MARKDOWN_TAGS = [
  'a', 'abbr', 'b', 'blockquote', 'br', 'code', 'dd', 'del', 'div', 'dl', 'dt', 'em', 'h1', 'h2', 'h3', 'h4', 'h5',
  'h6', 'hr', 'i', 'img', 'kbd', 'li', 'mark', 'ol', 'p', 'pre', 'q', 's', 'small', 'span', 'strong', 'sub', 'sup',
  'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'u', 'ul',
] as const;
export const MARKDOWN_ATTRIBUTES = ['href', 'title', 'src', 'alt', 'width', 'height', 'colspan', 'rowspan', 'start'] as const;

/** Spec §5: ingredient text allows only these. */
export const INGREDIENT_TAGS = ['b', 'q', 'i', 'strong', 'sup'] as const;

const marked = new Marked({ gfm: true, breaks: true });

let hooked = false;
function purifier() {
  if (!hooked) {
    // Links in recipe text open beside the app and tell the other site nothing.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    });
    hooked = true;
  }
  return DOMPurify;
}

/** Markdown (description, notes, instructions) to safe HTML. */
export function renderMarkdown(text: string | null | undefined): string {
  if (!text) return '';
  const html = marked.parse(text, { async: false });
  return purifier().sanitize(html, {
    ALLOWED_TAGS: [...MARKDOWN_TAGS],
    ALLOWED_ATTR: [...MARKDOWN_ATTRIBUTES, 'target', 'rel'],
  });
}

/** Ingredient text to safe HTML: only b, q, i, strong and sup survive, without attributes. */
export function sanitizeIngredientHtml(text: string | null | undefined): string {
  if (!text) return '';
  return purifier().sanitize(text, { ALLOWED_TAGS: [...INGREDIENT_TAGS], ALLOWED_ATTR: [] });
}
