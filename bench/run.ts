import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { appendBench } from './append';
import { bookingBench } from './booking';
import { bundleBench } from './bundle';
import { catchupBench } from './catchup';
import { httpBench } from './http';
import { here, log, services, type BenchModule, type BenchRow } from './kit';
import { pushBench } from './push';
import { replayBench } from './replay';
import { searchBench } from './search';
import { connect } from '../backend/src/db/connect';

/*
 * npm run bench [module ...]: every figure of bench/README.md, each beside an anchor measured in the
 * same run on the same machine, as a ratio (these machines are noisy; absolute times drift). Each
 * module seeds a database of its own and drops it. With module names, only those run and the README
 * keeps the other modules' last figures.
 */
const MODULES: BenchModule[] = [
  bookingBench,
  appendBench,
  searchBench,
  replayBench,
  httpBench,
  pushBench,
  catchupBench,
  bundleBench,
];
const README = here('./README.md');

interface Result {
  module: string;
  rows: BenchRow[];
  details?: string;
  seconds: number;
  loadBefore: number[];
  loadAfter: number[];
  error?: string;
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((w) => !MODULES.some((m) => m.name === w));
  if (unknown.length)
    throw new Error(`unknown bench module(s) ${unknown.join(', ')}; known: ${MODULES.map((m) => m.name).join(', ')}`);
  const chosen = wanted.length ? MODULES.filter((m) => wanted.includes(m.name)) : MODULES;
  const previous = wanted.length ? await previousResults() : {};
  const results: Record<string, Result> = { ...previous };
  for (const module of chosen) {
    log(`--- ${module.name}`);
    const started = Date.now();
    const loadBefore = os.loadavg();
    try {
      const { rows, details } = await module.run();
      results[module.name] = {
        module: module.name,
        rows,
        details,
        seconds: (Date.now() - started) / 1000,
        loadBefore,
        loadAfter: os.loadavg(),
      };
      for (const r of rows)
        log(
          `${r.figure}: ${r.ours} vs ${r.anchor} = ${r.ratio.toFixed(2)}x (goal ${r.goal}: ${r.met ? 'met' : 'NOT met'})`,
        );
    } catch (error) {
      console.error(error);
      results[module.name] = {
        module: module.name,
        rows: [],
        seconds: (Date.now() - started) / 1000,
        loadBefore,
        loadAfter: os.loadavg(),
        error: String((error as Error).message ?? error),
      };
    }
    await writeFile(README, await readme(results));
  }
  log('written to bench/README.md');
}

const RESULTS_MARK = '<!-- results: ';

async function previousResults(): Promise<Record<string, Result>> {
  const text = await readFile(README, 'utf8').catch(() => '');
  const at = text.indexOf(RESULTS_MARK);
  if (at < 0) return {};
  return JSON.parse(text.slice(at + RESULTS_MARK.length, text.indexOf(' -->', at))) as Record<string, Result>;
}

async function pgVersion(): Promise<string> {
  const { pgUrl } = await services();
  const sql = connect(pgUrl, { max: 1 });
  try {
    return (await sql<{ v: string }[]>`SELECT current_setting('server_version') AS v`)[0]!.v;
  } finally {
    await sql.end();
  }
}

async function readme(results: Record<string, Result>): Promise<string> {
  const ordered = MODULES.map((m) => results[m.name]).filter((r): r is Result => Boolean(r));
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');
  const table = ordered
    .flatMap((r) =>
      r.error
        ? [`| ${r.module}: **failed** (${r.error.replace(/\|/g, '/').slice(0, 200)}) | | | | | |`]
        : r.rows.map(
            (row) =>
              `| ${row.figure} | ${row.ours} | ${row.anchor} | **${row.ratio.toFixed(2)}x** | ${row.goal} | ${row.met ? 'met' : '**not met**'} |`,
          ),
    )
    .join('\n');
  const notes = ordered
    .flatMap((r) => r.rows.filter((row) => row.note).map((row) => `- ${row.figure}: ${row.note}`))
    .join('\n');
  const sections = ordered
    .map(
      (r) => `### ${r.module}

${r.details ?? ''}

Run in ${r.seconds.toFixed(0)} s; load average (1/5/15 min) ${load(r.loadBefore)} before, ${load(r.loadAfter)} after.`,
    )
    .join('\n\n');
  const cpus = os.cpus();
  const analysis = await readFile(here('./analysis.md'), 'utf8').catch(() => '');
  return `# Benchmarks (\`npm run bench\`)

Each figure beside an anchor measured in the same run on the same machine, and their ratio. Benchmarks are
not tests: nothing asserts on these times, and \`npm test\` and CI do not run them. \`npm run bench\` runs every
module (a few minutes); \`npm run bench -- booking push\` runs some and keeps the others' last figures.

| figure | ours | anchor (same run) | ratio | goal | |
|---|---|---|---|---|---|
${table}

${notes}

${analysis}
## Machine

${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 1e9)} GB RAM, ${os.type()} ${os.release()},
Node ${process.version}, PostgreSQL ${await pgVersion()}. Clients, servers, Postgres and Redis share these cores over
127.0.0.1; the load average of each module's run is given with it (a development machine may run other work at the same time).

## Modules

${sections}

${RESULTS_MARK}${JSON.stringify(results)} -->
`;
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
