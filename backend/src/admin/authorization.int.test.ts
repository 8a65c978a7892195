import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { Client } from '../test/client';
import { createUser, PASSWORD, type UserFixture } from '../test/fixtures';

const t = useTestApp();
type Caller = 'visitor' | 'customer' | 'barber' | 'admin';
const callers: Caller[] = ['visitor', 'customer', 'barber', 'admin'];
const clients = {} as Record<Caller, Client>;
let admin: UserFixture;
let target: UserFixture;
let applicant: UserFixture;

beforeAll(async () => {
  await t.deps.settings.update({ rateLimitEnabled: false });
  admin = await createUser(t.db.sql, 'admin');
  target = await createUser(t.db.sql, 'customer');
  applicant = await createUser(t.db.sql, 'barber', { verified: false });
  clients.visitor = new Client(t.app);
  for (const role of ['customer', 'barber', 'admin'] as const) {
    const user = role === 'admin' ? admin : await createUser(t.db.sql, role);
    clients[role] = new Client(t.app);
    await clients[role].login(user.username, PASSWORD);
  }
});

const adminOnly = { visitor: 401, customer: 403, barber: 403, admin: 200 };
const anyone = { visitor: 200, customer: 200, barber: 200, admin: 200 };

interface Row {
  route: string;
  url: () => string;
  body?: () => unknown;
  expected: Record<Caller, number>;
}

const table: Row[] = [
  { route: 'GET /api/admin/barbers', url: () => '/api/admin/barbers?limit=10&offset=0', expected: adminOnly },
  {
    route: 'PUT /api/admin/barbers/:id/verify',
    url: () => `/api/admin/barbers/${applicant.barberId}/verify`,
    body: () => ({ isVerified: true }),
    expected: adminOnly,
  },
  {
    route: 'PUT /api/admin/users/:userId/password',
    url: () => `/api/admin/users/${target.id}/password`,
    body: () => ({ newPassword: 'newpass1' }),
    expected: adminOnly,
  },
  {
    route: 'PUT /api/admin/users/:userId/reset-account',
    url: () => `/api/admin/users/${target.id}/reset-account`,
    body: () => ({ newPassword: 'newpass2' }),
    expected: adminOnly,
  },
  {
    route: 'PATCH /api/admin/profile',
    url: () => '/api/admin/profile',
    body: () => ({ fullName: 'Ada Admin', email: `${admin.username}@example.com`, phone: '305-555-0199' }),
    expected: adminOnly,
  },
  { route: 'GET /api/admin/settings', url: () => '/api/admin/settings', expected: adminOnly },
  {
    route: 'PATCH /api/admin/settings',
    url: () => '/api/admin/settings',
    body: () => ({ platformName: 'BarberGo' }),
    expected: adminOnly,
  },
  { route: 'GET /api/fee-collection-status', url: () => '/api/fee-collection-status', expected: anyone },
  {
    route: 'GET /api/address-suggestions',
    url: () => '/api/address-suggestions?input=123%20Main%20St&city=miami&zipcode=33139',
    expected: anyone,
  },
  {
    route: 'POST /api/forgot-password',
    url: () => '/api/forgot-password',
    body: () => ({ email: `${target.username}@example.com` }),
    expected: anyone,
  },
  {
    route: 'POST /api/reset-password (unknown token)',
    url: () => '/api/reset-password',
    body: () => ({ token: 'x'.repeat(43), newPassword: 'whatever123' }),
    expected: { visitor: 400, customer: 400, barber: 400, admin: 400 },
  },
];

describe('who may call the admin and platform routes', () => {
  for (const row of table) {
    it.each(callers)(`${row.route} as %s`, async (caller) => {
      const method = row.route.split(' ')[0]!;
      const res = await clients[caller].request(method, row.url(), row.body?.() ?? (method === 'GET' ? undefined : {}));
      expect({ caller, status: res.status }).toEqual({ caller, status: row.expected[caller] });
    });
  }
});

describe('OpenAPI', () => {
  it('documents every admin and platform route', async () => {
    const doc = (await clients.visitor.get('/api/docs/json')).body;
    for (const { route } of table) {
      const [method, path] = route.split(' ') as [string, string];
      const openApiPath = path.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[openApiPath]?.[method.toLowerCase()], route).toBeDefined();
    }
  });
});
