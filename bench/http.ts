import { fork } from 'node:child_process';
import { hash } from '@node-rs/argon2';
import autocannon from 'autocannon';
import type { Sql } from '../backend/src/db/connect';
import { SettingsStore } from '../backend/src/settings/store';
import { freshDatabase, here, log, mapLimit, perSecond, startServer, type BenchModule, type BenchRow } from './kit';

/*
 * What every HTTP request pays in the platform's hooks (sessions, settings, rate limits, CSRF, NUL and
 * maintenance guards): four requests of the real backend against a bare Fastify route of the same
 * Fastify version, each with autocannon (32 connections, 5 s), the two servers alternating, three rounds,
 * the median of the rounds kept for each. Rate limiting is on (1,000 requests a minute, the highest the settings
 * allow): anonymous requests come from 4,000 client addresses per route (X-Forwarded-For, believed from the loopback proxy: TRUST_PROXY=loopback)
 * and signed-in ones from 1,000 customers' cookies (at 50,000 requests/s, fewer callers reached the limit), so no caller reaches the limit and every answer is a 200.
 */

const CONNECTIONS = 32;
const SECONDS = 5;
const ROUNDS = 3;
const ADDRESSES = 4000;
const CUSTOMERS = 1000;
const PASSWORD = 'bench-password';

interface Target {
  figure: string;
  path: string;
  goal: number;
  signedIn: boolean;
}

export const TARGETS: Target[] = [
  { figure: 'GET /healthz (no session, no database)', path: '/healthz', goal: 0.7, signedIn: false },
  {
    figure: 'GET /api/zipcode/33139/city (anonymous, from memory)',
    path: '/api/zipcode/33139/city',
    goal: 0.7,
    signedIn: false,
  },
  { figure: 'GET /api/current-user (signed in)', path: '/api/current-user', goal: 0.4, signedIn: true },
  {
    figure: 'GET /api/barbers?city=miami (3 barbers, anonymous)',
    path: '/api/barbers?city=miami',
    goal: 0.2,
    signedIn: false,
  },
];

export const httpBench: BenchModule = {
  name: 'http',
  run: async () => {
    const db = await freshDatabase('http');
    const bare = await startBare();
    let ours: Awaited<ReturnType<typeof startServer>> | undefined;
    try {
      await new SettingsStore(db.sql).update({ rateLimitEnabled: true, maxRequestsPerMinute: 1000 });
      const usernames = await seed(db.sql);
      ours = await startServer(db, { TRUST_PROXY: 'loopback' }); // the bench plays the proxy: its X-Forwarded-For is believed
      const cookies: string[] = [];
      await mapLimit(usernames, 8, async (username) => {
        cookies.push(await login(ours!.base, username));
      });
      const signedIn = cookies.map((cookie) => ({ cookie }));
      const measure = async (server: Measured, target: Target, seconds: number) => {
        const before = (await server.stats()).cpu;
        const result = await cannon(
          server.base.replace('http://', ''),
          target.path,
          target.signedIn ? signedIn : addresses(TARGETS.indexOf(target)),
          seconds,
        );
        const after = (await server.stats()).cpu;
        const used = after.user - before.user + (after.system - before.system);
        return { ...result, cpuUs: result.total > 0 ? used / result.total : 0 };
      };

      log('http: warming up');
      for (const target of TARGETS) {
        await measure(bare, { ...target, path: '/hello' }, 1);
        await measure(ours, target, 1);
      }
      const rounds = new Map<string, { ours: Result[]; bare: Result[] }>(
        TARGETS.map((t) => [t.path, { ours: [], bare: [] }]),
      );
      for (let round = 1; round <= ROUNDS; round++) {
        for (const target of TARGETS) {
          const anchor = await measure(bare, { ...target, path: '/hello' }, SECONDS);
          const mine = await measure(ours, target, SECONDS);
          log(`http round ${round}: ${target.path} ${Math.round(mine.rps)}/s vs bare ${Math.round(anchor.rps)}/s`);
          rounds.get(target.path)!.ours.push(mine);
          rounds.get(target.path)!.bare.push(anchor);
        }
      }
      const rows: BenchRow[] = TARGETS.map((target) => {
        // The median of the rounds, for both servers alike.
        const { ours: mineRounds, bare: anchorRounds } = rounds.get(target.path)!;
        const mine = medianResult(mineRounds);
        const anchor = medianResult(anchorRounds);
        const ratio = mine.rps / anchor.rps;
        const failed = mine.non2xx + mine.errors;
        return {
          figure: `${target.figure}, req/s`,
          ours: perSecond(mine.rps),
          anchor: `bare Fastify GET /hello: ${perSecond(anchor.rps)}`,
          ratio: Number(ratio.toFixed(2)),
          goal: `≥ ${target.goal}x`,
          met: ratio >= target.goal && failed === 0,
          note: `server CPU per request ${mine.cpuUs.toFixed(1)} µs vs bare ${anchor.cpuUs.toFixed(1)} µs (${(anchor.cpuUs / mine.cpuUs).toFixed(2)}x); rounds ${mineRounds.map((r, i) => `${Math.round(r.rps)} vs ${Math.round(anchorRounds[i]!.rps)}`).join(', ')}; p50 ${mine.p50} ms / p99 ${mine.p99} ms (bare ${anchor.p50} / ${anchor.p99} ms)${failed ? `; ${failed} answers not 2xx` : ''}`,
        };
      });
      return { rows, details: DETAILS };
    } finally {
      await ours?.stop();
      await bare.stop();
      await db.drop();
    }
  },
};

/** Anonymous callers of one route: ADDRESSES client addresses of its own (X-Forwarded-For, believed from the loopback proxy: TRUST_PROXY=loopback). */
export function addresses(route: number): Record<string, string>[] {
  return Array.from({ length: ADDRESSES }, (_, i) => ({
    'x-forwarded-for': `198.18.${route * 16 + (i >> 8)}.${i & 255}`,
  }));
}

/** The median (the mean of the middle two for an even count). */
function middle(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const half = sorted.length >> 1;
  return sorted.length % 2 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
}

function medianResult(results: Result[]): Result {
  const mid = (f: (r: Result) => number) => middle(results.map(f));
  return {
    rps: mid((r) => r.rps),
    p50: mid((r) => r.p50),
    p99: mid((r) => r.p99),
    total: mid((r) => r.total),
    cpuUs: mid((r) => r.cpuUs),
    non2xx: results.reduce((a, r) => a + r.non2xx, 0),
    errors: results.reduce((a, r) => a + r.errors, 0),
  };
}

interface Result {
  rps: number;
  /** Requests answered. */
  total: number;
  /** The server's CPU per request (user + system, µs), from process.cpuUsage around the round. */
  cpuUs: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** autocannon in this process; each request cycles through the callers' headers (one caller per entry). */
export async function cannon(
  host: string,
  path: string,
  callers: Record<string, string>[],
  seconds: number,
): Promise<Omit<Result, 'cpuUs'>> {
  const result = await autocannon({
    url: `http://${host}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: callers.map((headers) => ({ method: 'GET', path, headers })),
  });
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function startBare() {
  const child = fork(here('./bareFastify.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
    child.on('message', (m: { type: string; port?: number }) => m.type === 'ready' && resolve(m.port!));
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.send({ type: 'stop' });
    await exited;
  };
  const stats = () =>
    new Promise<{ cpu: NodeJS.CpuUsage }>((resolve) => {
      const onMessage = (m: { type: string; cpu: NodeJS.CpuUsage }) => {
        if (m.type !== 'stats') return;
        child.off('message', onMessage);
        resolve(m);
      };
      child.on('message', onMessage);
      child.send({ type: 'stats' });
    });
  return { base: `http://127.0.0.1:${port}`, stats, stop };
}

/** A server whose CPU the bench reads around each round. */
interface Measured {
  base: string;
  stats: () => Promise<{ cpu: NodeJS.CpuUsage }>;
}

export async function login(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'bench' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Customers to sign in, and three verified barbers serving Miami with a service and a week of availability. */
export async function seed(sql: Sql): Promise<string[]> {
  // A cheap hash: signing 1,000 customers in must not dominate the run (verification reads its parameters from the hash).
  const passwordHash = await hash(PASSWORD, { algorithm: 2 as never, memoryCost: 1024, timeCost: 1, parallelism: 1 });
  const insertUsers = (role: string, n: number) => sql<{ username: string }[]>`
    INSERT INTO users (username, email, password_hash, full_name, phone, role)
    SELECT ${`bench_${role}_`}::text || g, ${`bench_${role}_`}::text || g || '@example.com', ${passwordHash},
           ${`Bench ${role} `}::text || g, '305-555-0100', ${role}
      FROM generate_series(1, ${n}::int) g ORDER BY g RETURNING username`;
  const customers = await insertUsers('customer', CUSTOMERS);
  await insertUsers('barber', 3);
  await sql`
    INSERT INTO barbers (user_id, bio, years_of_experience, cities, is_verified, verification_status)
    SELECT id, 'Bench barber', 5, '{miami}', true, 'approved' FROM users WHERE role = 'barber' ORDER BY id`;
  await sql`
    INSERT INTO services (barber_id, name, description, duration, price_cents, category)
    SELECT id, 'Haircut', 'A classic cut', 30, 3500, 'haircut' FROM barbers ORDER BY id`;
  await sql`
    INSERT INTO availability_blocks (barber_id, day_of_week, start_time, end_time, service_counties, service_cities, travel_buffer)
    SELECT b.id, d, '08:00', '20:00', '{miami_dade}', '{}', 30 FROM barbers b CROSS JOIN generate_series(0, 6) d`;
  return customers.map((c) => c.username);
}

const DETAILS = `Method: the real backend (bench/server.ts: no request logging, no static files) and a bare
Fastify server of the same version (\`GET /hello\` -> \`{status:'ok'}\`), each in a child process; autocannon
runs in this process (it is a library), so client and servers share the machine's 2 cores. 32
connections, 5 s, three rounds, the two servers alternating route by route so that noise hits both; each figure is
the median of its rounds.
Each note also gives each server's CPU per request (\`process.cpuUsage\` of its process around the round, divided
by the requests it answered) and their quotient, bare / ours. Unlike requests per second, that quotient does
not depend on how fast the load generator is: the bare route is limited by autocannon, which shares the cores,
and ours by the server's own CPU, so the req/s ratio falls whenever the client gets faster.
Rate limiting on at 1,000 requests a minute; callers rotate over 4,000 client addresses per route
(anonymous) or 1,000 signed-in customers, so that every answer is a 200.

What each hook costs: \`npx tsx bench/httpProfile.ts\` runs the backend under \`node --cpu-prof\` with 5 s of
autocannon for each request kind, the callers as above. The figures are CPU µs per request, inclusive of each
hook's own calls but not of the steps Fastify runs after a hook that calls done() at once. Server CPU per
request is \`process.cpuUsage\` over the measured window, with the profiler's overhead included. The table is
session 4's profile, taken in the machine's fast state (bare route about 19 µs per request), before the hooks
became one onRequest hook; a 5 s profile includes each caller's first rate-limit lease, which the bench's
warm-up takes out of the figures above. (Session 4 also found that earlier profiles had not believed
X-Forwarded-For, so every ZIP read they profiled was a 429.)

| | /healthz | /api/zipcode/…/city | /api/current-user | /api/barbers?city=miami |
|---|---|---|---|---|
| server CPU per request (profiled) | 20.2 | 31.9 | 51.5 | 98.5 |
| session: cookie, then cache, then Redis on a miss | not run | 0.0 | 2.0: each of the 1,000 sessions read again every 5 s | 0.0 |
| signed-in user: cache, then Postgres on a miss | not run | 0.0 | 0.3 | 0.0 |
| CSRF guard, NUL guard, session write | not run | 0.0 | < 0.3 | < 0.3 |
| maintenance and rate limit: settings and leases from memory, a Redis lease per caller and window | not run | 2.8 | 1.2 | 3.8 |
| the route itself | 0.0 | 0.1: the answer is serialised once per zipcode | < 0.3: from the user cache | 11.6: coalesced read of the listing read model, body serialised once |

The rest of each request is Node's HTTP parsing and the socket write (writev), as for the bare route.`;
