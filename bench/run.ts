import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { addDaysLocal, addMinutesHHmm, todayLocal, type PushMessage } from '@barber/shared';
import { hash } from '@node-rs/argon2';
import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { connect, ensureDatabase, type Sql } from '../backend/src/db/connect';
import { migrate } from '../backend/src/db/migrate';
import { SettingsStore } from '../backend/src/settings/store';
import { reachable } from '../backend/src/lib/net';

/*
 * npm run bench: the live push path under 1,000 connected sockets. The backend runs in a child process
 * (bench/server.ts) on 127.0.0.1, the clients here; both on this machine. Each status change goes
 * through the real HTTP API and reaches its customer, its barber and the admins (5 sockets of the
 * 1,000); beside each change, a bare Socket.IO round trip is measured on the same socket and server.
 * Writes the figures into bench/README.md.
 */

const SOCKETS = 1000;
const ADMINS = 3;
const BARBERS = 50;
const CUSTOMERS = SOCKETS - ADMINS - BARBERS;
const WARMUP_BOOKINGS = 10;
const MEASURED_BOOKINGS = 60;
const PROGRESS = [
  ['confirmed', 'confirmed'],
  ['en_route', 'enRoute'],
  ['arrived', 'arrived'],
  ['in_progress', 'started'],
  ['completed', 'completed'],
] as const;
const PASSWORD = 'bench-password';
const DEADLINE_MS = 115_000;
/** The measurement stops early (with fewer changes) when the whole run reaches this. */
const MEASURE_UNTIL_MS = 90_000;

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const now = () => performance.now();

interface Person {
  id: number;
  username: string;
  cookie: string;
  socket?: Socket;
}

interface Booking {
  id: string;
  customer: number;
  barber: number;
}

async function main(): Promise<void> {
  const started = Date.now();
  const loadAtStart = os.loadavg();
  const watchdog = setTimeout(() => {
    console.error(`bench: still running after ${DEADLINE_MS / 1000} s, giving up`);
    process.exit(1);
  }, DEADLINE_MS);
  watchdog.unref();

  const { pgUrl, redisUrl } = await services();
  const dbName = `barber_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const dbUrl = withDatabase(pgUrl, dbName);
  const redisPrefix = `bench${randomUUID().slice(0, 8)}`;
  await ensureDatabase(dbUrl);
  const sql = connect(dbUrl, { max: 4 });
  let server: ChildProcess | undefined;
  const people: Person[] = [];
  try {
    await migrate(sql);
    await new SettingsStore(sql).update({ feeCollectionEnabled: false, rateLimitEnabled: false });
    const { admins, barbers, customers } = await seed(sql);
    const pgVersion = (await sql<{ v: string }[]>`SELECT current_setting('server_version') AS v`)[0]!.v;

    const child = await startServer({ DATABASE_URL: dbUrl, REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix });
    server = child.process;
    const base = `http://127.0.0.1:${child.port}`;
    log(`server on ${base}; signing in ${SOCKETS} users`);

    people.push(...admins, ...barbers, ...customers);
    await mapLimit(people, 16, async (p) => {
      p.cookie = await login(base, p.username);
    });
    log(`connecting ${SOCKETS} sockets`);
    const inbox = new Inbox();
    await mapLimit(people, 50, async (p, i) => {
      p.socket = await openSocket(base, p.cookie, (m) => inbox.record(i, m));
    });
    const adminIndexes = admins.map((_, i) => i);
    const barberIndex = (k: number) => ADMINS + k;
    const customerIndex = (k: number) => ADMINS + BARBERS + k;

    log(`booking ${WARMUP_BOOKINGS + MEASURED_BOOKINGS} appointments`);
    const bookings: Booking[] = [];
    for (let k = 0; k < WARMUP_BOOKINGS + MEASURED_BOOKINGS; k++) {
      const b = k % BARBERS;
      const slot = Math.floor(k / BARBERS);
      const startTime = addMinutesHHmm('08:00', slot * 60);
      const res = await http(base, 'POST', '/api/bookings', customers[k]!.cookie, {
        barberId: barbers[b]!.barberId,
        serviceId: barbers[b]!.serviceId,
        date: addDaysLocal(todayLocal(), 1),
        startTime,
        endTime: addMinutesHHmm(startTime, 30),
        totalAmount: '35.00',
        zipcode: '33101',
      });
      bookings.push({ id: (res.body as { booking: { id: string } }).booking.id, customer: customerIndex(k), barber: barberIndex(b) });
    }

    const samples = { push: [] as number[], pushAll: [] as number[], fromRequest: [] as number[], http: [] as number[], rtt: [] as number[] };
    const run = async (list: Booking[], record: boolean) => {
      for (const [status, type] of PROGRESS) {
        for (const b of list) {
          if (record && Date.now() - started > MEASURE_UNTIL_MS) return;
          const waits = [b.customer, b.barber, ...adminIndexes].map((i) => inbox.wait(i, b.id, type));
          const t0 = now();
          await http(base, 'PUT', `/api/bookings/${b.id}/status`, people[b.barber]!.cookie, { status });
          const t1 = now();
          const arrived = await Promise.all(waits);
          const socket = people[b.customer]!.socket!;
          const r0 = now();
          await socket.timeout(5000).emitWithAck('echo', r0);
          const rtt = now() - r0;
          if (!record) continue;
          samples.push.push(arrived[0]! - t1);
          samples.pushAll.push(Math.max(...arrived) - t1);
          samples.fromRequest.push(arrived[0]! - t0);
          samples.http.push(t1 - t0);
          samples.rtt.push(rtt);
        }
      }
    };
    log('warming up');
    await run(bookings.slice(0, WARMUP_BOOKINGS), false);
    const before = await child.stats();
    const measureStart = now();
    log(`measuring ${MEASURED_BOOKINGS * PROGRESS.length} status changes`);
    await run(bookings.slice(WARMUP_BOOKINGS), true);
    const measureMs = now() - measureStart;
    const after = await child.stats();

    const result = {
      date: new Date().toISOString(),
      changes: samples.push.length,
      push: summary(samples.push),
      pushAll: summary(samples.pushAll),
      fromRequest: summary(samples.fromRequest),
      http: summary(samples.http),
      rtt: summary(samples.rtt),
      serverSockets: after.sockets,
      serverRssMb: Math.round(after.rss / 1e6),
      serverCpuPct: Math.round(((after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / 1000 / measureMs) * 100),
      measureS: measureMs / 1000,
      totalS: (Date.now() - started) / 1000,
      pgVersion,
      loadAtStart,
    };
    await writeFile(here('./README.md'), readme(result));
    log(
      `push p50 ${ms(result.push.p50)} p99 ${ms(result.push.p99)} | round trip p50 ${ms(result.rtt.p50)} p99 ${ms(result.rtt.p99)} | ` +
        `ratio p50 ${ratio(result.push.p50, result.rtt.p50)} p99 ${ratio(result.push.p99, result.rtt.p99)}; written to bench/README.md`,
    );
  } finally {
    for (const p of people) p.socket?.disconnect();
    if (server) await stopServer(server);
    await sql.end({ timeout: 2 });
    await dropDatabase(pgUrl, dbName);
    await cleanRedis(redisUrl, redisPrefix);
  }
}

/* ---------- set-up ---------- */

async function services(): Promise<{ pgUrl: string; redisUrl: string }> {
  let pgUrl = process.env.DATABASE_URL;
  let redisUrl = process.env.REDIS_URL;
  if (!pgUrl && (await reachable('127.0.0.1', 5432))) pgUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!redisUrl && (await reachable('127.0.0.1', 6379))) redisUrl = 'redis://127.0.0.1:6379';
  if (!pgUrl || !redisUrl) throw new Error('The benchmark needs Postgres and Redis: on 127.0.0.1:5432 / 6379, or DATABASE_URL and REDIS_URL.');
  return { pgUrl, redisUrl };
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Users straight into the database. Their password hash is argon2id with tiny costs so that 1,000
 * real sign-ins take seconds, not minutes (verification reads the costs from the hash); the bench
 * database is dropped afterwards.
 */
async function seed(sql: Sql) {
  const passwordHash = await hash(PASSWORD, { algorithm: 2 as never, memoryCost: 1024, timeCost: 1, parallelism: 1 });
  const insertUsers = (role: string, n: number) => sql<{ id: number; username: string }[]>`
    INSERT INTO users (username, email, password_hash, full_name, phone, role)
    SELECT ${`bench_${role}_`}::text || g, ${`bench_${role}_`}::text || g || '@example.com', ${passwordHash},
           ${`Bench ${role} `}::text || g, '305-555-0100', ${role}
      FROM generate_series(1, ${n}::int) g
     ORDER BY g
    RETURNING id, username`;
  const admins = (await insertUsers('admin', ADMINS)).map((u) => ({ ...u, cookie: '' }));
  const barberUsers = await insertUsers('barber', BARBERS);
  const customers = (await insertUsers('customer', CUSTOMERS)).map((u) => ({ ...u, cookie: '' }));
  const profiles = await sql<{ id: number; userId: number }[]>`
    INSERT INTO barbers (user_id, bio, years_of_experience, cities, is_verified, verification_status)
    SELECT id, 'Bench barber', 5, '{miami}', true, 'approved' FROM users WHERE role = 'barber' ORDER BY id
    RETURNING id, user_id AS "userId"`;
  const services = await sql<{ id: number; barberId: number }[]>`
    INSERT INTO services (barber_id, name, description, duration, price_cents, category)
    SELECT id, 'Haircut', 'A classic cut', 30, 3500, 'haircut' FROM barbers ORDER BY id
    RETURNING id, barber_id AS "barberId"`;
  await sql`
    INSERT INTO availability_blocks (barber_id, day_of_week, start_time, end_time, service_counties, service_cities, travel_buffer)
    SELECT b.id, d, '08:00', '20:00', '{miami_dade,broward,palm_beach}', '{}', 30 FROM barbers b CROSS JOIN generate_series(0, 6) d`;
  const barbers = barberUsers.map((u) => {
    const barberId = profiles.find((p) => p.userId === u.id)!.id;
    return { ...u, cookie: '', barberId, serviceId: services.find((s) => s.barberId === barberId)!.id };
  });
  return { admins, barbers, customers };
}

async function startServer(env: Record<string, string>) {
  const child = fork(here('./server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env, NODE_ENV: 'test' },
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
  return { process: child, port, stats };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.send({ type: 'stop' });
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function dropDatabase(pgUrl: string, name: string): Promise<void> {
  const admin = connect(withDatabase(pgUrl, 'postgres'), { max: 1 });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((e) => console.error('bench: could not drop', name, e));
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

/* ---------- clients ---------- */

async function http(base: string, method: string, path: string, cookie: string, body?: unknown): Promise<{ status: number; body: unknown; cookie?: string }> {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', 'x-requested-with': 'bench', ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const parsed = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(parsed)}`);
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  return { status: res.status, body: parsed, cookie: sid?.split(';')[0] };
}

async function login(base: string, username: string): Promise<string> {
  const res = await http(base, 'POST', '/api/login', '', { username, password: PASSWORD });
  if (!res.cookie) throw new Error(`no session cookie for ${username}`);
  return res.cookie;
}

function openSocket(base: string, cookie: string, onMessage: (m: PushMessage) => void): Promise<Socket> {
  const socket = io(base, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false, forceNew: true });
  socket.on('event', onMessage);
  return new Promise((resolve, reject) => {
    socket.once('connect_error', reject);
    socket.once('caught-up', () => resolve(socket));
  });
}

/** When each socket received each (booking, event type). */
class Inbox {
  private readonly seen = new Map<string, number>();
  private readonly waiting = new Map<string, (at: number) => void>();

  record(socket: number, m: PushMessage): void {
    const at = now();
    const key = `${socket}|${m.bookingId}|${m.type}`;
    this.seen.set(key, at);
    this.waiting.get(key)?.(at);
  }

  wait(socket: number, bookingId: string, type: string, timeoutMs = 5000): Promise<number> {
    const key = `${socket}|${bookingId}|${type}`;
    const at = this.seen.get(key);
    if (at !== undefined) return Promise.resolve(at);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`socket ${socket} got no ${type} of ${bookingId}`)), timeoutMs);
      this.waiting.set(key, (t) => {
        clearTimeout(timer);
        this.waiting.delete(key);
        resolve(t);
      });
    });
  }
}

async function mapLimit<T>(items: T[], limit: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
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

/* ---------- figures ---------- */

interface Summary {
  n: number;
  p50: number;
  p99: number;
  mean: number;
  min: number;
  max: number;
}

function summary(values: number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
  return {
    n: sorted.length,
    p50: rank(50),
    p99: rank(99),
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
    min: sorted[0]!,
    max: sorted.at(-1)!,
  };
}

const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');
const ms = (v: number) => `${v.toFixed(2)} ms`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}x`;

function readme(r: {
  date: string;
  changes: number;
  push: Summary;
  pushAll: Summary;
  fromRequest: Summary;
  http: Summary;
  rtt: Summary;
  serverSockets: number;
  serverRssMb: number;
  serverCpuPct: number;
  measureS: number;
  totalS: number;
  pgVersion: string;
  loadAtStart: number[];
}): string {
  const cpus = os.cpus();
  const row = (label: string, s: Summary) => `| ${label} | ${ms(s.p50)} | ${ms(s.p99)} | ${ms(s.mean)} | ${ms(s.min)} | ${ms(s.max)} |`;
  return `# Benchmarks

## Live push latency under 1,000 sockets (\`npm run bench\`)

Run of ${r.date.slice(0, 10)} (${r.date}), ${r.changes} status changes, ${r.serverSockets} sockets connected to the server.

| measure | p50 | p99 | mean | min | max |
|---|---|---|---|---|---|
${row('**push**: status-change response received -> push received by the customer\'s socket', r.push)}
${row('push: response -> the last of the 5 recipients (customer, barber, 3 admins)', r.pushAll)}
${row('push: request sent -> push received by the customer\'s socket', r.fromRequest)}
${row('HTTP status change (request sent -> response received)', r.http)}
${row('**bare Socket.IO round trip** (emit -> server ack -> client), same socket and server', r.rtt)}

**Ratio push / bare round trip: ${ratio(r.push.p50, r.rtt.p50)} at p50, ${ratio(r.push.p99, r.rtt.p99)} at p99.**

Reading the figures: a negative time means the push arrived before the HTTP response (the tailer is
woken by the commit's NOTIFY while the response is still being written). The tail is shaped by the
safe cursor (DESIGN §2): an event is read only once no older write transaction is running anywhere in
the Postgres cluster, so a notification that arrives while another transaction (of this app, or of
any other database on the same server) is still open finds nothing yet. The tailer then looks again
10, 30, 80 and 200 ms later, and its 250 ms poll is the last resort. On a busy shared machine that, and
CPU contention, make the p99.

Server process during the measurement (${r.measureS.toFixed(1)} s): ${r.serverCpuPct}% of one core, ${r.serverRssMb} MB resident.
Whole run, set-up included: ${r.totalS.toFixed(1)} s.

### Machine

${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 1e9)} GB RAM, ${os.type()} ${os.release()},
Node ${process.version}, PostgreSQL ${r.pgVersion}; load average (1/5/15 min) ${load(r.loadAtStart)} at the start,
${load(os.loadavg())} at the end.
Server, clients, Postgres and Redis share these cores, over 127.0.0.1. The machine may run other work at the same time (a shared
development box), which shows in the p99 and max columns.

### Method

- \`bench/run.ts\` creates a database of its own (\`ensureDatabase\` + \`migrate\`), turns fee collection and rate limits off,
  and inserts ${ADMINS} admins, ${BARBERS} verified barbers (a service and availability blocks on every weekday each) and ${CUSTOMERS} customers.
- The backend (\`buildApp\`, the real routes, sessions in Redis, the event-log tailer and Socket.IO) runs in a child process,
  \`bench/server.ts\`, on 127.0.0.1; the clients run in the parent process: ${SOCKETS} users sign in through \`POST /api/login\`
  and each opens one WebSocket with its session cookie, all connected before the measurement (${ADMINS} admin, ${BARBERS} barber
  and ${CUSTOMERS} customer sockets).
- ${WARMUP_BOOKINGS + MEASURED_BOOKINGS} bookings are made through \`POST /api/bookings\`. For each booking the barber moves it through
  Confirmed, En Route, Arrived, In Progress and Completed with \`PUT /api/bookings/:id/status\`, one change at a time. Each change
  is pushed to the rooms of its audience: the customer's socket, the barber's socket and the 3 admin sockets (5 of the 1,000).
  The first ${WARMUP_BOOKINGS} bookings (${WARMUP_BOOKINGS * PROGRESS.length} changes) warm up and are not counted.
- Push latency: \`performance.now()\` in the client process when the HTTP response has been read, and when the customer's socket
  receives the message of that booking and event type. Path measured: commit -> NOTIFY -> tailer reads the safe cursor ->
  one read-model query for the batch -> room emit -> client.
- Bare round trip: right after each change, the customer's socket emits \`echo\` and the same server acknowledges it at once
  (\`bench/server.ts\`); the time to the acknowledgement. It is the floor any push shares (framing, event loop, loopback).
- Percentiles are nearest-rank over the ${r.changes} samples. Benchmarks are not tests: nothing asserts on these times.
`;
}

const t0 = Date.now();
function log(message: string): void {
  console.log(`bench [${((Date.now() - t0) / 1000).toFixed(1)} s]: ${message}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
