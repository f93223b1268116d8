import sharp from 'sharp';

/**
 * Test photographs of cookbook pages: recipe text set in SVG and rendered by sharp, then optionally turned
 * into something like a phone photo (a small rotation, blur, a grey paper tone). Used by the API tests and
 * the browser test; deterministic (no randomness), so expected text and boxes are stable.
 */

export interface PageColumn {
  heading: string;
  lines: string[];
}

export interface PageLayout {
  title: string;
  intro?: string;
  /** One column per entry, laid side by side (two entries: a two-column page). */
  columns: PageColumn[];
  width?: number;
}

const FONT = 'DejaVu Sans, Liberation Sans, sans-serif';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A clean page: title, an optional intro line, then the columns (heading and lines). */
export async function renderPage(layout: PageLayout): Promise<Buffer> {
  const width = layout.width ?? 1400;
  const lineHeight = 46;
  const fontSize = 30;
  const columnWidth = (width - 80) / layout.columns.length;
  const top = layout.intro ? 230 : 170;
  const longest = Math.max(...layout.columns.map((c) => c.lines.length));
  const height = top + 80 + longest * lineHeight + 60;
  const parts: string[] = [
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="40" y="90" font-family="${FONT}" font-size="52" font-weight="bold" fill="black">${escapeXml(layout.title)}</text>`,
  ];
  if (layout.intro) parts.push(`<text x="40" y="160" font-family="${FONT}" font-size="${fontSize}" font-style="italic" fill="black">${escapeXml(layout.intro)}</text>`);
  layout.columns.forEach((column, c) => {
    const x = 40 + c * columnWidth;
    parts.push(`<text x="${x}" y="${top + 30}" font-family="${FONT}" font-size="36" font-weight="bold" fill="black">${escapeXml(column.heading)}</text>`);
    column.lines.forEach((line, i) => {
      parts.push(`<text x="${x}" y="${top + 90 + i * lineHeight}" font-family="${FONT}" font-size="${fontSize}" fill="black">${escapeXml(line)}</text>`);
    });
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export interface Distortion {
  /** Degrees, clockwise. */
  rotate?: number;
  /** Gaussian sigma in pixels. */
  blur?: number;
  /** A paper tone instead of white, and lower contrast (0–1, 0 = none). */
  fade?: number;
  format?: 'jpeg' | 'png';
}

/** The page as a slightly crooked, soft, low-contrast phone photo. */
export async function photograph(page: Buffer, distortion: Distortion): Promise<Buffer> {
  let image = sharp(page).flatten({ background: '#ffffff' });
  if (distortion.fade) {
    const fade = distortion.fade;
    // Ink becomes dark grey and paper becomes a warm grey: the contrast a camera gives under kitchen light.
    image = image.linear(1 - fade * 0.6, 60 * fade).tint({ r: 235, g: 225, b: 205 });
  }
  if (distortion.rotate) image = sharp(await image.png().toBuffer()).rotate(distortion.rotate, { background: { r: 230, g: 225, b: 210 } });
  if (distortion.blur) image = sharp(await image.png().toBuffer()).blur(distortion.blur);
  return distortion.format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 88 }).toBuffer();
}

export const ENGLISH_PAGE: PageLayout = {
  title: 'Buttermilk Pancakes',
  intro: 'Light and fluffy, ready in twenty minutes.',
  columns: [
    {
      heading: 'Ingredients',
      lines: ['200 g flour', '2 tablespoons sugar', '1 teaspoon baking powder', '300 ml buttermilk', '2 eggs', '30 g butter'],
    },
  ],
};

export const GERMAN_PAGE: PageLayout = {
  title: 'Apfelkuchen vom Blech',
  intro: 'Für sechs Personen, saftig und schnell gemacht.',
  columns: [
    {
      heading: 'Zutaten',
      lines: ['500 g Mehl', '250 g Zucker', '4 große Äpfel', '200 ml Milch', '1 Päckchen Backpulver', 'Butter für das Blech'],
    },
  ],
};

/** Ingredients on the left, the method on the right: read across, the lines would interleave. */
export const TWO_COLUMN_PAGE: PageLayout = {
  title: 'Tomato Soup',
  columns: [
    { heading: 'Ingredients', lines: ['1 kg tomatoes', '2 onions', '3 cloves garlic', '500 ml stock', '2 tablespoons olive oil'] },
    {
      heading: 'Method',
      lines: ['1. Chop the onions and garlic.', '2. Fry them in the oil until', 'soft, about ten minutes.', '3. Add the tomatoes and stock.', '4. Simmer for thirty minutes,', 'then blend until smooth.'],
    },
  ],
};
