import { fork } from 'node:child_process';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { SettingsStore } from '../backend/src/settings/store';
import { addresses, cannon, login, seed, TARGETS } from './http';
import { freshDatabase, here, mapLimit, startServer } from './kit';

/*
 * Where the time of each request of bench/http.ts goes: the backend (bench/server.ts) runs under
 * `node --cpu-prof`, one process per request kind, while autocannon drives it for 5 s; the profile is
 * summed by hook (inclusive time of the hook's own functions) and by package.
 * Run: npx tsx bench/httpProfile.ts [output dir] [part of a path, to profile one request kind]
 * (RATE_LIMIT=off turns rate limiting off; ONE_CALLER=1 sends every signed-in request with one cookie.)
 */
/** The frames of Fastify that run the next hook, the handler or the reply. */
const FASTIFY_STEPS = /node_modules\/fastify\/lib\/(hooks|handle-request|reply|route|wrap-thenable|context)\.js$/;

const out = process.argv[2] ?? '/tmp/httpProfile';
const db = await freshDatabase('httpprof');
try {
  await new SettingsStore(db.sql).update({
    rateLimitEnabled: process.env.RATE_LIMIT !== 'off',
    maxRequestsPerMinute: 1000,
  });
  const usernames = await seed(db.sql);
  for (const target of TARGETS.filter((t) => !process.argv[3] || t.path.includes(process.argv[3]))) {
    const dir = `${out}/${target.path.replace(/\W+/g, '_')}`;
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    const child = fork(here('./server.ts'), [], {
      execArgv: ['--import', 'tsx', '--cpu-prof', `--cpu-prof-dir=${dir}`],
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        REDIS_URL: db.redisUrl,
        REDIS_PREFIX: db.redisPrefix,
        NODE_ENV: 'test',
        TRUST_PROXY: 'loopback', // the callers' X-Forwarded-For addresses are believed, as in bench/http.ts
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const port = await new Promise<number>((resolve) =>
      child.on('message', (m: { type: string; port?: number }) => m.type === 'ready' && resolve(m.port!)),
    );
    const cookies: Record<string, string>[] = [];
    if (target.signedIn) {
      // Signed in through another (unprofiled) instance: sessions live in the shared Redis.
      const other = await startServer(db);
      await mapLimit(usernames, 8, async (username) => {
        cookies.push({ cookie: await login(other.base, username) });
      });
      await other.stop();
    }
    await cannon(`127.0.0.1:${port}`, target.path, target.signedIn ? cookies : addresses(TARGETS.indexOf(target)), 1);
    const cpuBefore = await cpuOf(child);
    const started = Date.now();
    const callers = target.signedIn
      ? process.env.ONE_CALLER
        ? cookies.slice(0, 1)
        : cookies
      : addresses(TARGETS.indexOf(target));
    const result = await cannon(`127.0.0.1:${port}`, target.path, callers, 5);
    const measuredMs = Date.now() - started;
    const cpuAfter = await cpuOf(child);
    const cpuPerRequest = (cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system) / (result.rps * 5);
    const stopAt = Date.now();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send({ type: 'stop' });
    await exited;
    const file = (await readdir(dir)).find((f) => f.endsWith('.cpuprofile'))!;
    console.log(
      `\n## ${target.path}: ${Math.round(result.rps)} req/s, non-2xx ${result.non2xx}, server CPU ${cpuPerRequest.toFixed(1)} µs/request`,
    );
    const tail = Date.now() - stopAt; // stopping, after the measured window
    console.log(summarize(JSON.parse(await readFile(`${dir}/${file}`, 'utf8')), result.rps * 5, measuredMs, tail));
  }
} finally {
  await db.drop();
}

/** The profiled server's CPU time so far (user + system, µs), asked over IPC (bench/server.ts answers `stats`). */
function cpuOf(child: ReturnType<typeof fork>): Promise<NodeJS.CpuUsage> {
  return new Promise((resolve) => {
    const onMessage = (m: { type: string; cpu?: NodeJS.CpuUsage }) => {
      if (m.type !== 'stats') return;
      child.off('message', onMessage);
      resolve(m.cpu!);
    };
    child.on('message', onMessage);
    child.send({ type: 'stats' });
  });
}

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** Per-request microseconds: inclusive time of named hook functions (not counting the steps after them), self time of packages. */
function summarize(
  profile: { nodes: Node[]; samples: number[]; timeDeltas: number[]; endTime: number },
  requests: number,
  windowMs: number,
  tailMs: number,
): string {
  // Only the samples of the measured window (the profile's clock is in µs).
  const times: number[] = [];
  let t = 0;
  for (const d of profile.timeDeltas) times.push((t += d));
  const end = times.at(-1)! - tailMs * 1000;
  const start = end - windowMs * 1000;
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    if (times[i]! >= start && times[i]! <= end) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const selfByName = new Map<string, number>();
  for (const node of profile.nodes) {
    const v = self.get(node.id);
    if (!v) continue;
    const name = `${node.callFrame.functionName || '(anonymous)'} ${/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(node.callFrame.url)?.[1] ?? node.callFrame.url.split('/').pop()}`;
    selfByName.set(name, (selfByName.get(name) ?? 0) + v);
  }
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const inclusive = new Map<number, number>();
  const total = (id: number): number => {
    const cached = inclusive.get(id);
    if (cached !== undefined) return cached;
    const node = byId.get(id)!;
    // A hook that calls done() at once has the rest of the request under it: Fastify's hook runner and
    // reply frames below a hook are the next steps, not the hook's own cost.
    const own = (node.children ?? []).filter((c) => !FASTIFY_STEPS.test(byId.get(c)!.callFrame.url));
    const sum = (self.get(id) ?? 0) + own.reduce((a, c) => a + total(c), 0);
    inclusive.set(id, sum);
    return sum;
  };
  const hooks = new Map<string, number>();
  const packages = new Map<string, number>();
  const onStack = new Set<string>();
  const walk = (id: number) => {
    const node = byId.get(id)!;
    const { url, functionName, lineNumber } = node.callFrame;
    const ours = /\/backend\/src\/(.+)$/.exec(url)?.[1];
    const label = ours ? `${ours}:${lineNumber + 1} ${functionName || '(anonymous)'}` : undefined;
    const counted = label && !onStack.has(label);
    if (counted) {
      hooks.set(label, (hooks.get(label) ?? 0) + total(id));
      onStack.add(label);
    }
    const pkg =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
      (url.startsWith('node:')
        ? 'node core'
        : url
          ? ours
            ? 'backend'
            : url.split('/').slice(-2).join('/')
          : functionName);
    packages.set(pkg, (packages.get(pkg) ?? 0) + (self.get(id) ?? 0));
    for (const child of node.children ?? []) walk(child);
    if (counted) onStack.delete(label);
  };
  walk(profile.nodes[0]!.id);
  const us = (v: number) => (v / requests).toFixed(1);
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `| ${k} | ${us(v)} |`)
      .join('\n');
  return `| our function (inclusive) | µs/request |\n|---|---|\n${top(hooks, 14)}\n\n| package (self) | µs/request |\n|---|---|\n${top(packages, 14)}\n\n| function (self) | µs/request |\n|---|---|\n${top(selfByName, 25)}`;
}
