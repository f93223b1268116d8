/**
 * JSON as found in the wild (JSON-LD blocks, pasted recipe files) is often slightly broken: wrapped in
 * HTML comments or CDATA, with raw line breaks or tabs inside strings, trailing commas, a byte-order
 * mark, quotes escaped as &quot;, escapes JSON does not know (\'), or several objects one after another. parseLenientJson tries the text as it is, then repaired.
 * Returns undefined when nothing parses; never throws.
 */
export function parseLenientJson(text: string): unknown {
  const stripped = stripWrappers(text);
  if (!stripped) return undefined;
  const attempts = [
    () => stripped,
    () => repairJson(stripped),
    () => `[${repairJson(stripped).replace(/}\s*{/g, '},{')}]`,
    // Some templates HTML-escape the quotes of the whole block.
    () => repairJson(stripped.replace(/&quot;/g, '"')),
  ];
  for (const attempt of attempts) {
    try {
      return JSON.parse(attempt());
    } catch {
      // try the next repair
    }
  }
  return undefined;
}

function stripWrappers(text: string): string {
  return text
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/^(?:\/\/\s*)?<!\[CDATA\[/, '')
    .replace(/(?:\/\/\s*)?\]\]>$/, '')
    .replace(/^<!--/, '')
    .replace(/-->$/, '')
    .trim()
    .replace(/;+$/, '');
}

/**
 * Escapes control characters inside strings and drops commas that directly precede a closing bracket,
 * scanning character by character so that text inside strings is never mistaken for structure.
 */
const VALID_ESCAPE = /^["\\/bfnrtu]$/;
const WHITESPACE_THEN_CLOSING_BRACKET = /\s*[}\]]/y;

function closesRightAfter(text: string, position: number): boolean {
  WHITESPACE_THEN_CLOSING_BRACKET.lastIndex = position;
  return WHITESPACE_THEN_CLOSING_BRACKET.test(text);
}

function repairJson(text: string): string {
  let output = '';
  let inString = false;
  let escaped = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (inString) {
      if (escaped) {
        escaped = false;
        output += character;
      } else if (character === '\\') {
        // A backslash before anything JSON cannot escape (\' is common in templates) stands for the
        // character itself; keeping it would make the whole block unreadable.
        const next = text[index + 1] ?? '';
        if (VALID_ESCAPE.test(next) && (next !== 'u' || /^[0-9a-fA-F]{4}$/.test(text.slice(index + 2, index + 6)))) {
          escaped = true;
          output += character;
        }
      } else if (character === '"') {
        inString = false;
        output += character;
      } else if (character === '\n') {
        output += '\\n';
      } else if (character === '\r') {
        output += '\\r';
      } else if (character === '\t') {
        output += '\\t';
      } else if (character < ' ') {
        output += ' ';
      } else {
        output += character;
      }
      continue;
    }
    if (character === '"') {
      inString = true;
      output += character;
    } else if (character === ',' && closesRightAfter(text, index + 1)) {
      // trailing comma: leave it out
    } else {
      output += character;
    }
  }
  return output;
}
