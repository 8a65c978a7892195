/** Number of pages for `total` items (at least 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** At most `max` consecutive page numbers around the current page. */
export function pageWindow(current: number, pages: number, max = 3): number[] {
  const size = Math.min(max, pages);
  let start = Math.max(1, current - Math.floor(size / 2));
  start = Math.min(start, pages - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

/** Numbered pages with ellipses: first, last, and the current page plus or minus one. */
export function pageList(current: number, pages: number): (number | 'ellipsis')[] {
  const shown = new Set([1, pages, current - 1, current, current + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | 'ellipsis')[] = [];
  for (const p of sorted) {
    const prev = out[out.length - 1];
    if (typeof prev === 'number' && p - prev > 1) out.push('ellipsis');
    out.push(p);
  }
  return out;
}
