import { beforeAll, describe, expect, it } from 'vitest';
import { useSecondApp, useTestApp } from '../test/app';
import { createUser, signedInClient } from '../test/fixtures';

/*
 * The API hooks (session, CSRF, signed-in user, maintenance and rate limit) call done() at once when nothing
 * has to be waited for: a request whose session, user and rate-limit lease this instance already holds
 * reaches its handler in the tick it arrived in. A hook that became async again would cost every request a
 * promise tick and more (bench/README.md); only this test notices it.
 */
const t = useTestApp();
// Before the probed instance is built, so that it starts with the limit on.
beforeAll(async () => {
  await t.deps.settings.update({ rateLimitEnabled: true, maxRequestsPerMinute: 1000 });
});
/** For each probe request: whether a microtask queued by the first hook of all ran before the handler. */
const yielded: boolean[] = [];
const started = new WeakMap<object, { yielded: boolean }>();
const probed = useSecondApp(t, (app) => {
  app.addHook('onRequest', (request, _reply, done) => {
    const mark = { yielded: false };
    started.set(request, mark);
    queueMicrotask(() => (mark.yielded = true));
    done();
  });
  app.get('/api/probe', async (request) => {
    yielded.push(started.get(request)!.yielded);
    return { ok: true };
  });
});

describe('API hooks without a wait', () => {
  it('reach the handler in the same tick for a visitor whose rate-limit lease is held', async () => {
    yielded.length = 0;
    for (let i = 0; i < 3; i++) {
      const res = await probed.app.inject({ url: '/api/probe', remoteAddress: '203.0.113.20' });
      expect(res.statusCode).toBe(200);
    }
    // The first request takes the lease from Redis; the next ones wait for nothing.
    expect(yielded).toEqual([true, false, false]);
  });

  it('reach the handler in the same tick for a signed-in caller whose session and user are held', async () => {
    const user = await createUser(t.db.sql, 'customer');
    const client = await signedInClient(probed.app, user);
    yielded.length = 0;
    for (let i = 0; i < 3; i++) {
      const res = await probed.app.inject({
        url: '/api/probe',
        remoteAddress: '203.0.113.21',
        headers: { cookie: client.cookieHeader },
      });
      expect(res.statusCode).toBe(200);
    }
    expect(yielded.slice(1)).toEqual([false, false]);
  });
});
