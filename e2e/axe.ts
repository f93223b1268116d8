import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Page } from 'playwright-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html?: string; summary?: string }[];
}

/**
 * Ends every CSS transition and animation on the page, so axe measures colours at rest: a field's label
 * caught mid-way through its 200 ms colour change after a menu closed read as 2.7:1 contrast.
 */
async function settleStyles(page: Page): Promise<void> {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
}

const WCAG_AA = { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } };

/**
 * Runs axe-core on the page, colours at rest, and answers the serious and critical violations. `context` is a
 * CSS selector (the whole page when nothing matches it) or axe's include/exclude object; `options` are axe's
 * run options, WCAG 2.x A/AA rules by default.
 */
export async function seriousAxeViolations(
  page: Page,
  { context, options = WCAG_AA }: { context?: string | { include: unknown; exclude?: unknown }; options?: unknown } = {},
): Promise<AxeViolation[]> {
  await settleStyles(page);
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async ({ context, options }) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const scope = typeof context === 'string' ? (document.querySelector(context) ?? document) : (context ?? document);
    const result = await axe.run(scope, options);
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, html: (n as unknown as { html: string }).html.slice(0, 160), summary: (n as unknown as { failureSummary: string }).failureSummary?.slice(0, 200) })) }));
  }, { context, options });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
