import { createServer, connect as tcpConnect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type App } from '../app';
import { createDeps } from '../resources';
import { Client } from '../test/client';
import { createTestDatabase, testConfig, type TestDatabase } from '../test/context';
import { createUser, PASSWORD } from '../test/fixtures';

/**
 * Issue 10: while Redis is down, /readyz, sign-in and signed-in requests answer at once instead of hanging.
 * Redis is reached through a TCP relay of the test's own, which is cut to make the outage and opened again.
 */
class Relay {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;
  constructor(private readonly target: URL) {}

  async open(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = tcpConnect(Number(this.target.port || 6379), this.target.hostname);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
    for (const s of this.sockets) s.destroy();
    await closed;
  }
}

let db: TestDatabase;
let app: App;
let relay: Relay;
let closeDeps: () => Promise<void>;

beforeAll(async () => {
  db = await createTestDatabase();
  relay = new Relay(new URL(inject('redisUrl')));
  await relay.open();
  const config = testConfig(db, { REDIS_URL: `redis://127.0.0.1:${relay.port}` });
  const deps = createDeps(config);
  closeDeps = deps.close;
  app = await buildApp(deps, { realtime: false });
  await app.ready();
});

afterAll(async () => {
  await relay.open(); // Redis back, so that every client closes cleanly
  await app.close();
  await closeDeps();
  await db.drop();
});

describe('a Redis outage', () => {
  it('makes /readyz, sign-in and signed-in requests answer instead of hanging', { timeout: 10_000 }, async () => {
    const user = await createUser(db.sql, 'customer');
    const signedIn = new Client(app);
    await signedIn.login(user.username, PASSWORD);
    await relay.cut();

    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ postgres: 'ok', redis: 'down' });

    const login = await new Client(app).post('/api/login', { username: user.username, password: PASSWORD });
    expect(login.status).toBeGreaterThanOrEqual(500);
    // Signed in: answered either from the instance's session cache or as an error, never left waiting.
    expect((await signedIn.get('/api/current-user')).status).toBeGreaterThan(0);
    // Past the 3 s of silence after which an instance stops trusting its caches, and its next beat.
    await new Promise((r) => setTimeout(r, 5500));
    expect((await signedIn.get('/api/current-user')).status).toBeGreaterThanOrEqual(500);
  });
});
