export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/** First, last and current page plus or minus one, with ellipses in the gaps. */
export function pageItems(current: number, total: number): PageItem[] {
  if (total <= 1) return total === 1 ? [1] : [];
  const pages = new Set<number>([1, total, current - 1, current, current + 1]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= total).sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const page of sorted) {
    // any gap is an ellipsis, even of one page: the specification shows no other numbers
    if (previous && page - previous > 1) items.push(previous < current ? 'ellipsis-start' : 'ellipsis-end');
    items.push(page);
    previous = page;
  }
  return items;
}

/** 'Showing x-y of n appointments' parts. */
export function showingRange(
  page: number,
  pageSize: number,
  shown: number,
  total: number,
): { from: number; to: number } {
  if (total === 0 || shown === 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from, to: from + shown - 1 };
}
