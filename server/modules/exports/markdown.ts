import type { RecipeOut } from '../../../contract/recipes.js';

/** The jinja2 template names a recipe can be rendered with (Mealie lists DATA_DIR/templates; it ships recipes.md). */
export const MARKDOWN_TEMPLATES = ['recipes.md'] as const;

const line = (text: string | null | undefined) => (text ?? '').replace(/\r\n?/g, '\n').trim();

/**
 * A recipe as Markdown (GET /api/recipes/{slug}/exports?template_name=recipes.md): title, description, facts,
 * ingredients as a checklist with their section titles, numbered steps, notes, organizers and the source link.
 */
export function recipeMarkdown(recipe: RecipeOut): string {
  const out: string[] = [`# ${line(recipe.name)}`, ''];
  if (line(recipe.description)) out.push(line(recipe.description), '');
  const facts = [
    ['Servings', recipe.recipeServings ? String(recipe.recipeServings) : line(recipe.recipeYield)],
    ['Prep time', line(recipe.prepTime)],
    ['Cook time', line(recipe.performTime)],
    ['Total time', line(recipe.totalTime)],
  ].filter(([, value]) => value);
  if (facts.length) out.push(...facts.map(([label, value]) => `- **${label}:** ${value}`), '');
  if (recipe.recipeIngredient.length) {
    out.push('## Ingredients', '');
    for (const ingredient of recipe.recipeIngredient) {
      if (line(ingredient.title)) out.push('', `### ${line(ingredient.title)}`, '');
      const text = line(ingredient.display) || line(ingredient.note) || line(ingredient.originalText);
      if (text) out.push(`- [ ] ${text}`);
    }
    out.push('');
  }
  const steps = recipe.recipeInstructions ?? [];
  if (steps.length) {
    out.push('## Instructions', '');
    steps.forEach((step, index) => {
      if (line(step.title)) out.push(`### ${line(step.title)}`, '');
      out.push(`${index + 1}. ${line(step.text).replace(/\n/g, '\n   ')}`, '');
    });
  }
  const notes = (recipe.notes ?? []).filter((note) => line(note.title) || line(note.text));
  if (notes.length) {
    out.push('## Notes', '');
    for (const note of notes) out.push(line(note.title) ? `**${line(note.title)}:** ${line(note.text)}` : line(note.text), '');
  }
  const names = (list: Array<{ name: string }> | null | undefined) => (list ?? []).map((item) => item.name).join(', ');
  if (names(recipe.recipeCategory)) out.push(`Categories: ${names(recipe.recipeCategory)}`);
  if (names(recipe.tags)) out.push(`Tags: ${names(recipe.tags)}`);
  if (line(recipe.orgURL)) out.push(`Source: ${line(recipe.orgURL)}`);
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n').trim()}\n`;
}
