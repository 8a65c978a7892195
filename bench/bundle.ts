import { log, type BenchModule } from './kit';
import { INITIAL_JS_BUDGET, LAZY_ONLY_CHUNKS, measureBundle } from './bundleSize';

/*
 * The initial JavaScript of the home page against its budget (bench/bundleSize.ts measures it). The
 * frontend is built into a temporary folder, so frontend/dist, which an e2e run may be serving, is
 * left alone.
 */

const BUDGET_KB = INITIAL_JS_BUDGET / 1000;

/** Kilobytes of 1,000 bytes, as Vite reports them. */
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

const largest = <T extends { gzip: number }>(chunks: T[], n: number) =>
  [...chunks].sort((a, b) => b.gzip - a.gzip).slice(0, n);

export const bundleBench: BenchModule = {
  name: 'bundle',
  run: async () => {
    log('bundle: building the frontend');
    const f = await measureBundle();
    const ours = f.initialGzip / 1000;
    const ratio = ours / BUDGET_KB;
    const dragged = f.initial.filter((c) => LAZY_ONLY_CHUNKS.test(c.file));
    const homeGzip = f.homeRoute.reduce((sum, c) => sum + c.gzip, 0);
    const list = (chunks: { file: string; gzip: number }[]) =>
      chunks.map((c) => `\`${c.file.replace(/^assets\//, '')}\` ${kb(c.gzip)}`).join(', ');
    const details = [
      `Method: \`vite build\` into a temporary folder, then the entry script of \`index.html\` and every \`<link rel="modulepreload">\` it lists, each gzip level 9 (node:zlib).`,
      `Initial chunks (${kb(f.initialGzip)}): ${list(f.initial)}. CSS, not counted: ${kb(f.cssGzip)}.`,
      `The home screen's own route chunks, fetched once the shell has rendered (not counted): ${kb(homeGzip)} in ${f.homeRoute.length} chunks, largest ${list(largest(f.homeRoute, 3))}.`,
      `Largest lazy chunks: ${list(f.lazy.slice(0, 6))}.`,
      ...(dragged.length ? [`**Chunks meant for lazy screens only are in the entry's graph:** ${list(dragged)}.`] : []),
    ].join('\n\n');
    return {
      rows: [
        {
          figure: 'Initial JavaScript of the home page (gzip)',
          ours: kb(f.initialGzip),
          anchor: `budget ${BUDGET_KB} KB`,
          ratio: Number(ratio.toFixed(2)),
          goal: `≤ 1.0x (${BUDGET_KB} KB)`,
          met: ratio <= 1,
          note: `A size has no peer to measure in the same run: the anchor is the budget. Entry + modulepreloads of index.html; CSS ${kb(f.cssGzip)} and the home screen's lazy route chunks ${kb(homeGzip)} are not counted.`,
        },
      ],
      details,
    };
  },
};
