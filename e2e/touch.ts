import type { Page } from 'playwright-core';

export interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

/**
 * Controls on screen smaller than 44 × 44 CSS px (buttons, fields, checkboxes, radios, switches, tabs,
 * menu items and links that are not inside running text). A control counts by the larger of its own box
 * and its label's or its clickable parent's (a checkbox inside a 44 px row is fine).
 */
export async function smallTouchTargets(page: Page, min = 44): Promise<SmallTarget[]> {
  return page.evaluate((minimum) => {
    const selector = [
      'button', 'a[href]', 'input:not([type=hidden])', 'select', 'textarea', '[role=button]', '[role=checkbox]', '[role=radio]',
      '[role=switch]', '[role=tab]', '[role=menuitem]', '[role=option]', '[role=combobox]', '[role=link]',
    ].join(',');
    const out: { what: string; width: number; height: number }[] = [];
    const seen = new Set<Element>();
    for (const el of Array.from(document.querySelectorAll(selector))) {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      if (el.closest('[aria-hidden=true], [inert]')) continue;
      // Links inside running text are exempt (WCAG 2.5.8 inline exception).
      if (el.tagName === 'A' && style.display === 'inline' && el.parentElement && /^(P|LI|SPAN|TD|DIV)$/.test(el.parentElement.tagName) && (el.parentElement.textContent ?? '').trim().length > (el.textContent ?? '').trim().length + 2) continue;
      const target = (el.tagName === 'INPUT' && (el as HTMLInputElement).type !== 'text' && el.parentElement) || el;
      const rect = target.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (rect.bottom < 0 || rect.right < 0 || rect.top > window.innerHeight * 3 || rect.left > window.innerWidth) continue;
      // The clickable area may be a larger label or row around it.
      const holder = el.closest('label, .MuiFormControlLabel-root, .MuiListItemButton-root, .MuiChip-root, .MuiInputBase-root');
      const outer = holder ? holder.getBoundingClientRect() : rect;
      const width = Math.max(rect.width, outer.width);
      const height = Math.max(rect.height, outer.height);
      if (width + 0.5 >= minimum && height + 0.5 >= minimum) continue;
      const key = holder ?? target;
      if (seen.has(key)) continue;
      seen.add(key);
      const name = (el.getAttribute('aria-label') || (el.textContent ?? '').trim() || el.getAttribute('title') || el.getAttribute('name') || '').slice(0, 40);
      const classes = (typeof el.className === 'string' ? el.className : '').split(/\s+/).filter((c) => c.startsWith('Mui') && !c.includes('-sizeMedium')).slice(0, 2).join('.');
      out.push({ what: `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''}${classes ? `.${classes}` : ''} "${name}"`, width: Math.round(width), height: Math.round(height) });
    }
    return out;
  }, min);
}
