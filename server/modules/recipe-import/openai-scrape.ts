import { cheerioLoad as load } from '../../lazy.js';
import type { RecipeDraft } from '../../import/extract/index.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import { fetchPage } from './fetch-page.js';
import { openAiConfigured } from './openai.js';
import { recipeFromOpenAi } from './openai-recipe.js';
import { scrapeUrl } from './service.js';

/** Characters of page text sent to the model: a long recipe page fits, a whole site does not. */
const MAX_PAGE_TEXT = 40_000;

/** The page's readable text, with its JSON-LD kept (it often holds the recipe itself). */
function pageText(html: string): string {
  const $ = load(html);
  const jsonLd = $('script[type="application/ld+json"]')
    .map((_, element) => $(element).text())
    .get()
    .join('\n');
  $('script, style, noscript, svg, nav, footer, header').remove();
  const text = $('body').text().replace(/[ \t]+/g, ' ').replace(/\n\s*\n+/g, '\n').trim();
  return `${jsonLd}\n${text}`.slice(0, MAX_PAGE_TEXT);
}

/**
 * test-scrape-url with useOpenAI: the chat model reads the page when OpenAI is configured; without it the
 * page is scraped as usual, so the preview still works.
 */
export async function scrapeWithOpenAi(deps: Deps, url: string): Promise<RecipeDraft> {
  if (!openAiConfigured(deps.config)) return scrapeUrl(deps, url, true);
  const page = await fetchPage(deps, url);
  const draft = await recipeFromOpenAi(deps.config, 'the text of a web page', pageText(page.text));
  if (!draft) throw badRequest('recipe-import.no-recipe-found');
  return { ...draft, orgURL: url.trim(), extractionMethod: 'openai' };
}
