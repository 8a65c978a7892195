/** Runs `fn` over the items, `size` at a time (a sweep over thousands of rows keeps Redis busy, not flooded). */
export async function inBatches<T, R>(items: readonly T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return results;
}

/** How many results of each kind. */
export function tally<K extends string>(results: readonly K[]): Partial<Record<K, number>> {
  const counts: Partial<Record<K, number>> = {};
  for (const r of results) counts[r] = (counts[r] ?? 0) + 1;
  return counts;
}
