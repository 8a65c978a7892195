import { START_CURSOR } from '@barber/shared';
import { buildApp } from '../backend/src/app';
import { loadConfig } from '../backend/src/config';
import { DEFAULT_LIVE_LIMITS } from '../backend/src/realtime/hub';
import { LiveClient } from '../backend/src/realtime/liveFixtures';
import realtimePlugin from '../backend/src/realtime/socket';
import { createDeps } from '../backend/src/resources';
import { Client } from '../backend/src/test/client';
import { createUser, PASSWORD } from '../backend/src/test/fixtures';
import { freshDatabase, log, ms, summary, type BenchDb, type BenchModule, type BenchRow } from './kit';

/*
 * Socket catch-up under a noisy neighbour (issue 10): 200,000 events of 2,000 users in the log. A
 * victim asks 25 catch-ups one after another from a recent cursor; meanwhile an attacker holds 11
 * sockets that each ask catch-ups from the start of the log, as fast as they are answered. Victim p50
 * in four set-ups: alone; attacked without the audience index and without limits (the code before);
 * with the index only; with the index and the per-user limits (10 sockets, 30 catch-ups a minute).
 * One process (server and clients): the clients only wait on acknowledgements.
 */
const EVENTS = 200_000;
const USERS = 2000;
// Under the limit of 30 a minute: the victim is one ordinary user.
const VICTIM_CATCH_UPS = 25;
const ATTACK_SOCKETS = 11;
const NO_LIMITS = { socketsPerUser: 1_000_000, catchUpsPerMinute: 1_000_000 };

interface Setup {
  label: string;
  index: boolean;
  limits: typeof DEFAULT_LIVE_LIMITS;
  attack: boolean;
}

async function seed(db: BenchDb): Promise<{ victim: string; attacker: string; recent: string }> {
  const victim = await createUser(db.sql, 'customer');
  const attacker = await createUser(db.sql, 'customer');
  const ids = [victim.id, attacker.id];
  // Every event names one user; the two measured users are among them (ids 1..USERS spread over the log).
  await db.sql`
    INSERT INTO events (stream_id, stream_version, type, data, metadata)
    SELECT 'bench-' || g, 1, 'noted', '{}'::jsonb,
           jsonb_build_object('audience', jsonb_build_object('userIds', jsonb_build_array(
             CASE WHEN g % ${USERS} = 0 THEN ${ids[0]!}::int WHEN g % ${USERS} = 1 THEN ${ids[1]!}::int ELSE 100000 + g % ${USERS} END), 'barberIds', '[]'::jsonb))
      FROM generate_series(1, ${EVENTS}) g`;
  await db.sql`VACUUM ANALYZE events`;
  const [row] = await db.sql<{ cursor: string }[]>`
    SELECT transaction_id::text || ':' || (max(global_position) - 5000) AS cursor FROM events GROUP BY transaction_id ORDER BY transaction_id DESC LIMIT 1`;
  return { victim: victim.username, attacker: attacker.username, recent: row!.cursor };
}

async function measure(
  db: BenchDb,
  users: { victim: string; attacker: string; recent: string },
  setup: Setup,
): Promise<{ p50: number; max: number; attackAnswered: number; attackRefused: number }> {
  if (setup.index)
    await db.sql.unsafe(
      `CREATE INDEX IF NOT EXISTS events_audience ON events USING gin ((metadata -> 'audience') jsonb_path_ops) WITH (fastupdate = off)`,
    );
  else await db.sql.unsafe('DROP INDEX IF EXISTS events_audience');
  await db.sql`ANALYZE events`;

  const config = loadConfig(
    {},
    {
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      REDIS_URL: db.redisUrl,
      REDIS_PREFIX: db.redisPrefix,
      LOG_LEVEL: 'silent',
    },
  );
  const deps = createDeps(config);
  await deps.settings.update({ rateLimitEnabled: false });
  const app = await buildApp(deps, { realtime: false });
  await app.register(realtimePlugin, { limits: setup.limits });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const signIn = async (username: string) => {
    const client = new Client(app);
    await client.login(username, PASSWORD);
    return client.cookieHeader;
  };
  const clients: LiveClient[] = [];
  try {
    const victim = new LiveClient(url, await signIn(users.victim));
    clients.push(await victim.connect());
    let attacking = setup.attack;
    let answered = 0;
    let refused = 0;
    const attacks: Promise<void>[] = [];
    if (setup.attack) {
      const cookie = await signIn(users.attacker);
      for (let i = 0; i < ATTACK_SOCKETS; i++) {
        const socket = new LiveClient(url, cookie);
        clients.push(socket);
        // Beyond the limit the server says 'refused' and closes the socket: no caught-up comes.
        const closed = new Promise<boolean>((resolve) => socket.socket.once('disconnect', () => resolve(false)));
        const connected = await Promise.race([
          socket.connect().then(
            () => true,
            () => false,
          ),
          closed,
        ]);
        if (!connected) continue;
        attacks.push(
          (async () => {
            while (attacking && socket.socket.connected) {
              const answer = await socket.catchUp(START_CURSOR).catch(() => ({ code: 'TIMEOUT' }));
              if ('code' in answer) {
                refused += 1;
                await new Promise((r) => setTimeout(r, 20)); // a refused client does not get a free spin
              } else answered += 1;
            }
          })(),
        );
      }
      await new Promise((r) => setTimeout(r, 500)); // the attack under way
    }
    const latencies: number[] = [];
    for (let i = 0; i < VICTIM_CATCH_UPS; i++) {
      const started = performance.now();
      const answer = await victim.catchUp(users.recent);
      if ('code' in answer) throw new Error(`victim refused: ${answer.code}`);
      latencies.push(performance.now() - started);
    }
    attacking = false;
    await Promise.all(attacks);
    const s = summary(latencies);
    return { p50: s.p50, max: s.max, attackAnswered: answered, attackRefused: refused };
  } finally {
    clients.forEach((c) => c.disconnect());
    await app.close();
    await deps.close();
  }
}

export const catchupBench: BenchModule = {
  name: 'catchup',
  run: async () => {
    const db = await freshDatabase('catchup');
    try {
      const users = await seed(db);
      const setups: Setup[] = [
        { label: 'alone (index, limits)', index: true, limits: DEFAULT_LIVE_LIMITS, attack: false },
        { label: 'attacked, no index, no limits (before)', index: false, limits: NO_LIMITS, attack: true },
        { label: 'attacked, index, no limits', index: true, limits: NO_LIMITS, attack: true },
        { label: 'attacked, index and limits (now)', index: true, limits: DEFAULT_LIVE_LIMITS, attack: true },
      ];
      const results = [];
      for (const setup of setups) {
        const r = await measure(db, users, setup);
        log(
          `catchup: ${setup.label}: victim p50 ${ms(r.p50)}, max ${ms(r.max)}; attacker answered ${r.attackAnswered}, refused ${r.attackRefused}`,
        );
        results.push({ setup, ...r });
      }
      const alone = results[0]!;
      const now = results[3]!;
      const before = results[1]!;
      const rows: BenchRow[] = [
        {
          figure: `Socket catch-up p50 of a user while another user's ${ATTACK_SOCKETS} sockets ask catch-ups from the log's start (${EVENTS.toLocaleString('en-US')} events)`,
          ours: ms(now.p50),
          anchor: `the same user alone: ${ms(alone.p50)}`,
          ratio: now.p50 / alone.p50,
          goal: '≤ 2x',
          met: now.p50 / alone.p50 <= 2,
          note: `before (no index, no limit): ${ms(before.p50)}; index only: ${ms(results[2]!.p50)}`,
        },
      ];
      const details = [
        `${EVENTS.toLocaleString('en-US')} events of ${USERS} users; the victim asks ${VICTIM_CATCH_UPS} catch-ups in a row from a cursor 5,000 events back; the attacker's ${ATTACK_SOCKETS} sockets ask from the start of the log in closed loops.`,
        ...results.map(
          (r) =>
            `- ${r.setup.label}: victim p50 ${ms(r.p50)}, max ${ms(r.max)}; attacker's catch-ups answered ${r.attackAnswered}, refused ${r.attackRefused}`,
        ),
      ].join('\n');
      return { rows, details };
    } finally {
      await db.drop();
    }
  },
};
