import { fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { connect, ensureDatabase, type Sql } from '../backend/src/db/connect';
import { migrate } from '../backend/src/db/migrate';
import { reachable } from '../backend/src/lib/net';

/*
 * What every benchmark module shares: where Postgres and Redis are, a fresh migrated database of its
 * own, the backend in a child process, percentiles, and the row format of the table in bench/README.md.
 */

/** One line of the table in bench/README.md: our figure, the anchor measured in the same run, their ratio. */
export interface BenchRow {
  /** What is measured, e.g. "POST /api/bookings over HTTP, 32 clients (bookings/s)". */
  figure: string;
  ours: string;
  /** The baseline measured in the same run, with its name, e.g. "Emmett appendToStream: 1,264/s". */
  anchor: string;
  /** ours / anchor, oriented so that the goal reads naturally (e.g. 0.82 for "0.82x of the anchor's throughput"). */
  ratio: number;
  /** The goal, e.g. "≥ 1.0x". */
  goal: string;
  met: boolean;
  /** What the figure means, what limits it, what was tried. */
  note?: string;
}

/** A module of `npm run bench`: measures, answers its rows and an optional section of prose for the README. */
export interface BenchModule {
  name: string;
  run: () => Promise<{ rows: BenchRow[]; details?: string }>;
}

export const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
export const now = () => performance.now();

export async function services(): Promise<{ pgUrl: string; redisUrl: string }> {
  let pgUrl = process.env.DATABASE_URL;
  let redisUrl = process.env.REDIS_URL;
  if (!pgUrl && (await reachable('127.0.0.1', 5432))) pgUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!redisUrl && (await reachable('127.0.0.1', 6379))) redisUrl = 'redis://127.0.0.1:6379';
  if (!pgUrl || !redisUrl)
    throw new Error('The benchmark needs Postgres and Redis: on 127.0.0.1:5432 / 6379, or DATABASE_URL and REDIS_URL.');
  return { pgUrl, redisUrl };
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export interface BenchDb {
  url: string;
  /** The database's name (its Postgres sessions are found by it: postgresCpu). */
  name: string;
  sql: Sql;
  redisUrl: string;
  /** A Redis key prefix of this database's own. */
  redisPrefix: string;
  /** Ends the pool, drops the database, deletes the Redis keys. */
  drop: () => Promise<void>;
}

/** A new database migrated to the latest schema, dropped by `drop()`. */
export async function freshDatabase(label: string, options: { max?: number } = {}): Promise<BenchDb> {
  const { pgUrl, redisUrl } = await services();
  const name = `barber_bench_${label}_${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  const url = withDatabase(pgUrl, name);
  const redisPrefix = `bench${randomUUID().slice(0, 8)}`;
  await ensureDatabase(url);
  const sql = connect(url, { max: options.max ?? 4 });
  await migrate(sql);
  return {
    url,
    name,
    sql,
    redisUrl,
    redisPrefix,
    drop: async () => {
      await sql.end({ timeout: 2 });
      await dropDatabase(pgUrl, name);
      await cleanRedis(redisUrl, redisPrefix);
    },
  };
}

async function dropDatabase(pgUrl: string, name: string): Promise<void> {
  const admin = connect(withDatabase(pgUrl, 'postgres'), { max: 1 });
  await admin
    .unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    .catch((e) => console.error('bench: could not drop', name, e));
  await admin.end();
}

async function cleanRedis(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

export interface BenchServer {
  process: ChildProcess;
  port: number;
  base: string;
  stats: () => Promise<{ cpu: NodeJS.CpuUsage; rss: number; sockets: number }>;
  stop: () => Promise<void>;
}

/** The real backend (bench/server.ts) in a child process on 127.0.0.1, on the given database and Redis prefix. */
export async function startServer(
  db: Pick<BenchDb, 'url' | 'redisUrl' | 'redisPrefix'>,
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const child = fork(here('./server.ts'), [], {
    // BENCH_SERVER_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops.
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_SERVER_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_PROFILE}`] : []),
    ],
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      REDIS_URL: db.redisUrl,
      REDIS_PREFIX: db.redisPrefix,
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    child.on('message', (m: { type: string; port?: number }) => {
      if (m.type === 'ready') resolve(m.port!);
    });
  });
  type Stats = { cpu: NodeJS.CpuUsage; rss: number; sockets: number };
  const stats = () =>
    new Promise<Stats>((resolve) => {
      const onMessage = (m: { type: string } & Stats) => {
        if (m.type !== 'stats') return;
        child.off('message', onMessage);
        resolve(m);
      };
      child.on('message', onMessage);
      child.send({ type: 'stats' });
    });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.send({ type: 'stop' });
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return { process: child, port, base: `http://127.0.0.1:${port}`, stats, stop };
}

export interface Summary {
  n: number;
  p50: number;
  p99: number;
  mean: number;
  min: number;
  max: number;
}

/** Nearest-rank percentiles. */
export function summary(values: number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
  return {
    n: sorted.length,
    p50: rank(50),
    p99: rank(99),
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
    min: sorted[0]!,
    max: sorted.at(-1)!,
  };
}

export function median(values: number[]): number {
  return summary(values).p50;
}

export async function mapLimit<T>(
  items: T[],
  limit: number,
  fn: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

export const ms = (v: number) => `${v.toFixed(2)} ms`;
export const perSecond = (v: number) => `${Math.round(v).toLocaleString('en-US')}/s`;

const t0 = Date.now();
export function log(message: string): void {
  console.log(`bench [${((Date.now() - t0) / 1000).toFixed(1)} s]: ${message}`);
}

/** Runs `op` on `concurrency` workers for `durationMs`: operations per second and their latencies. */
export async function throughput(
  concurrency: number,
  durationMs: number,
  op: (worker: number) => Promise<void>,
): Promise<{ perSecond: number; latency: Summary; errors: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const start = now();
  const until = start + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (now() < until) {
        const t = now();
        try {
          await op(worker);
          latencies.push(now() - t);
        } catch (error) {
          errors += 1;
          if (errors === 1) console.error('bench: operation failed:', error);
        }
      }
    }),
  );
  const elapsed = now() - start;
  return { perSecond: (latencies.length / elapsed) * 1000, latency: summary(latencies), errors };
}

/**
 * The CPU time (µs, user + system) that the Postgres sessions of one database have used so far, by
 * process id, read from /proc (Linux; empty elsewhere). Postgres' share of an operation is the
 * difference of two readings around a round, divided by the operations.
 */
export async function postgresCpu(sql: Sql, database: string): Promise<Map<number, number>> {
  const sessions = await sql<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE datname = ${database}`;
  const cpu = new Map<number, number>();
  for (const { pid } of sessions) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
    if (!stat) continue;
    // Fields after the ")" that ends the command name: state is the 3rd field, utime the 14th, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    cpu.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS_PER_SECOND);
  }
  return cpu;
}

/** Linux's USER_HZ: /proc reports CPU times in hundredths of a second on every architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU µs used between two readings of postgresCpu (a session that started in between counts from zero). */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let used = 0;
  for (const [pid, cpu] of after) used += cpu - (before.get(pid) ?? 0);
  return used;
}
