import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** The nearest scrolling ancestor (the app's main column), or null for the window. */
export function scrollParent(el: HTMLElement | null): HTMLElement | null {
  for (let node = el?.parentElement ?? null; node; node = node.parentElement) {
    const overflow = getComputedStyle(node).overflowY;
    if (overflow === 'auto' || overflow === 'scroll') return node;
  }
  return null;
}

export interface VirtualRows {
  ref: RefObject<HTMLDivElement | null>;
  columns: number;
  /** First and one-past-last row to render. */
  start: number;
  end: number;
  scroller: HTMLElement | null;
}

/**
 * Fixed-height rows of a responsive grid: only the rows near the viewport are rendered, so thousands
 * of recipes cost the same as a screenful, and fixed heights mean nothing shifts while scrolling.
 */
export function useVirtualRows(itemCount: number, rowHeight: number, minColumnWidth: number, gap: number, overscan = 3): VirtualRows {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const [range, setRange] = useState({ start: 0, end: 6 });
  const columns = Math.max(1, Math.floor((width + gap) / (minColumnWidth + gap)));
  const rowCount = Math.ceil(itemCount / columns);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setScroller(scrollParent(el));
    setWidth(el.clientWidth);
    const observer = new ResizeObserver((entries) => setWidth(entries[0]?.contentRect.width ?? el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const target: HTMLElement | Window = scroller ?? window;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const top = el.getBoundingClientRect().top - (scroller ? scroller.getBoundingClientRect().top : 0);
      const viewport = scroller ? scroller.clientHeight : window.innerHeight;
      const first = Math.floor(Math.max(0, -top) / rowHeight);
      const last = Math.ceil((Math.max(0, -top) + viewport) / rowHeight);
      const start = Math.max(0, first - overscan);
      const end = Math.min(rowCount, last + overscan);
      setRange((r) => (r.start === start && r.end === end ? r : { start, end }));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    target.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      target.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [scroller, rowHeight, rowCount, overscan, columns]);

  return { ref, columns, start: range.start, end: Math.min(range.end, rowCount), scroller };
}
