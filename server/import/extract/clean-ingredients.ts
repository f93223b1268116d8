import { cleanLine, splitIntoLines } from './clean-text.js';
import { type DraftIngredient, isJsonObject, type JsonObject, toArray } from './types.js';

interface IngredientLine {
  text: string;
  /** A section title given explicitly by the source (Mealie's ingredient title, a microdata heading). */
  title: string | null;
  /** Plain strings may be section headings written as lines ("For the sauce:"); objects never are. */
  mayBeHeading: boolean;
  /** Whether the source wrapped the whole line in bold or a heading tag. */
  wasEmphasised: boolean;
}

/**
 * Reads ingredient lines from a list of strings, one multi-line string, Mealie ingredient objects
 * ({title, note, originalText, display, quantity, unit, food}) or schema.org HowToSupply objects.
 * A line that is a section heading ("For the sauce:", "<strong>Dough</strong>") is not kept as an
 * ingredient: its text becomes the title of the next line.
 */
export function cleanIngredients(value: unknown): DraftIngredient[] {
  return cleanIngredientsAndTools(value).ingredients;
}

/**
 * "Equipment", "Tools", "You will need"… in the languages Hearth offers: a section of such a heading lists
 * what to cook with, not what to buy.
 */
const EQUIPMENT_HEADING =
  /^(?:equipment|tools|kitchen tools|utensils|special equipment|you(?:'ll| will) (?:also )?need(?: equipment)?|ausrüstung|küchenutensilien|utensilien|werkzeug|mat[ée]riel(?: n[ée]cessaire)?|ustensiles?|utensilios|equipo|utensili|attrezzatura|benodigdheden|keukengerei|gereedschap|sprzęt|przybory|redskap|utstyr|välineet)\s*:?$/iu;

export function isEquipmentHeading(text: string | null | undefined): boolean {
  return !!text && EQUIPMENT_HEADING.test(text.trim());
}

/** The ingredient lines, and the lines of equipment sections as the recipe's tools. */
export function cleanIngredientsAndTools(value: unknown): { ingredients: DraftIngredient[]; tools: string[] } {
  const lines = joinLoneAmounts(readLines(value).filter((line) => HAS_WORD_OR_NUMBER.test(line.text)));
  const ingredients: DraftIngredient[] = [];
  const tools: string[] = [];
  let pendingTitle: string | null = null;
  let inEquipment = false;

  lines.forEach((line, index) => {
    const hasFollowingIngredient = lines.slice(index + 1).some((next) => !isHeading(next));
    if (line.mayBeHeading && isHeading(line) && hasFollowingIngredient) {
      const heading = line.text.replace(/^[*=\-#_\s]+|[*=\-#_:\s]+$/g, '');
      inEquipment = isEquipmentHeading(heading);
      // A bare "Ingredients:" line names the list itself, not a section of it.
      pendingTitle = GENERIC_INGREDIENT_HEADINGS.test(heading) || inEquipment ? null : heading;
      return;
    }
    if (line.title) inEquipment = isEquipmentHeading(line.title);
    if (inEquipment) {
      tools.push(line.text);
      return;
    }
    ingredients.push({ note: line.text, originalText: line.text, title: line.title ?? pendingTitle });
    pendingTitle = null;
  });
  return { ingredients, tools };
}

const HAS_WORD_OR_NUMBER = /[\p{L}\p{N}]/u;
const LONE_AMOUNT = /^(?:\d+(?:[.,/]\d+)?|\d*\s*[\u00bc-\u00be\u2150-\u215e])$/u;

/** A line that is only an amount ("1", "½") was split from its ingredient by the markup: join it to the next. */
function joinLoneAmounts(lines: IngredientLine[]): IngredientLine[] {
  const joined: IngredientLine[] = [];
  const isLoneAmount = (line: IngredientLine | undefined) => !!line && line.mayBeHeading && LONE_AMOUNT.test(line.text);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    const next = lines[index + 1];
    if (isLoneAmount(line) && next && !isLoneAmount(next)) {
      joined.push({ ...next, text: `${line.text} ${next.text}`, title: next.title ?? line.title });
      index++;
    } else if (!isLoneAmount(line)) {
      joined.push(line);
    }
  }
  return joined;
}

function readLines(value: unknown): IngredientLine[] {
  const items = toArray(value);
  // One string holding the whole list: split it, as a list of strings would have been.
  if (items.length === 1 && typeof items[0] === 'string') return linesOfString(items[0]);
  const lines: IngredientLine[] = [];
  for (const item of items.flat(2)) {
    if (typeof item === 'string' || typeof item === 'number') {
      const text = cleanLine(item);
      if (text) lines.push({ text, title: null, mayBeHeading: true, wasEmphasised: isWhollyEmphasised(String(item)) });
    } else if (isJsonObject(item)) {
      const line = lineOfObject(item);
      if (line) lines.push(line);
    }
  }
  return lines;
}

function linesOfString(text: string): IngredientLine[] {
  return text
    .split(/<br\s*\/?>|<\/(?:li|p|div|h[1-6])>|\r?\n/i)
    .map((piece) => ({ raw: piece, text: cleanLine(piece) }))
    .filter((piece) => piece.text !== '')
    .map((piece) => ({ text: piece.text, title: null, mayBeHeading: true, wasEmphasised: isWhollyEmphasised(piece.raw) }));
}

function lineOfObject(item: JsonObject): IngredientLine | null {
  const title = cleanLine(item.title) || null;
  const explicitText = cleanLine(item.originalText ?? item.original_text ?? item.display);
  const text = explicitText || composeFromParts(item);
  if (!text) return null;
  return { text, title, mayBeHeading: false, wasEmphasised: false };
}

/** Mealie's structured ingredient, or a schema.org HowToSupply, written back as one line. */
function composeFromParts(item: JsonObject): string {
  const disableAmount = item.disableAmount === true || item.disable_amount === true;
  const quantity = typeof item.quantity === 'number' && item.quantity > 0 && !disableAmount ? String(item.quantity) : '';
  const requiredQuantity = isJsonObject(item.requiredQuantity)
    ? cleanLine([item.requiredQuantity.value, item.requiredQuantity.unitText].filter(Boolean).join(' '))
    : cleanLine(item.requiredQuantity);
  const parts = [
    quantity || requiredQuantity || cleanLine(item.amount),
    disableAmount ? '' : nameOf(item.unit),
    disableAmount ? '' : nameOf(item.food),
    cleanLine(item.note),
    nameOf(item.name),
    cleanLine(item.text),
  ];
  return splitIntoLines(parts.filter(Boolean).join(' ')).join(' ');
}

function nameOf(value: unknown): string {
  return isJsonObject(value) ? cleanLine(value.name) : cleanLine(value);
}

const GENERIC_INGREDIENT_HEADINGS = /^(?:ingredients?|zutaten|ingr[ée]dients?|ingredienti|ingredientes)$/i;

function isHeading(line: IngredientLine): boolean {
  if (!line.mayBeHeading) return false;
  const text = line.text;
  if (text.length > 60 || /\d/.test(text) || text.split(' ').length > 7) return false;
  if (GENERIC_INGREDIENT_HEADINGS.test(text.replace(/:$/, ''))) return true;
  if (/:$/.test(text)) return true;
  if (/^(?:\*{2,}|={2,}|-{2,}|#{1,3}\s).+/.test(text)) return true;
  if (/^for (?:the )?[\p{L}][\p{L} ,'&/-]*$/iu.test(text) && text.split(' ').length <= 5) return true;
  if (isComponentTitle(text)) return true;
  return line.wasEmphasised;
}

/** The part of a dish a group of lines makes, as a recipe names it: "Yoghurt Dressing", "Brown Butter Glaze". */
const COMPONENT =
  /\s(?:dressing|sauce|glaze|filling|topping|marinade|crust|dough|frosting|icing|garnish|batter|crumble|pastry|syrup|salsa|rub|streusel|ganache|meringue|custard|vinaigrette|gravy|slaw|buttercream)$/iu;

/** A title-cased name of a dish's part, of two words or more and no amount: a section heading in a flat list. */
function isComponentTitle(text: string): boolean {
  const words = text.split(' ');
  if (words.length < 2 || words.length > 6 || !COMPONENT.test(text)) return false;
  return words.every((word) => word.length < 4 || /^\p{Lu}/u.test(word));
}

/** True when the whole line sits inside <strong>, <b> or a heading tag. */
function isWhollyEmphasised(raw: string): boolean {
  return /^\s*<(strong|b|h[1-6])\b[^>]*>[\s\S]*<\/\1>\s*$/i.test(raw);
}
