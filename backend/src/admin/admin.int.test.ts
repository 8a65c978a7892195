import { defaultPlatformSettings } from '@barber/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { Client } from '../test/client';
import { createUser, PASSWORD, type UserFixture } from '../test/fixtures';

const t = useTestApp();
let admin: Client;
let adminUser: UserFixture;

beforeAll(async () => {
  await t.deps.settings.update({ rateLimitEnabled: false });
  adminUser = await createUser(t.db.sql, 'admin');
  admin = new Client(t.app);
  await admin.login(adminUser.username, PASSWORD);
});

async function storedSettings() {
  const [row] = await t.db.sql<{ data: Record<string, unknown> }[]>`SELECT data FROM platform_settings WHERE id = 1`;
  return row?.data ?? null;
}

describe('admin barbers', () => {
  it('lists every barber, verified or not, with paging, a total and the user', async () => {
    const verified = await createUser(t.db.sql, 'barber', { username: 'zed_verified' });
    await createUser(t.db.sql, 'barber', { username: 'zed_pending', verified: false });
    const all = await admin.get('/api/admin/barbers?limit=10&offset=0');
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThanOrEqual(2);
    const row = all.body.barbers.find((b: { id: number }) => b.id === verified.barberId);
    expect(row).toMatchObject({
      isVerified: true,
      verificationStatus: 'approved',
      rating: 0,
      reviewCount: 0,
      yearsOfExperience: 10,
      cities: ['miami'],
      user: {
        id: verified.id,
        username: 'zed_verified',
        fullName: 'Test zed_verified',
        email: 'zed_verified@example.com',
        phone: '305-555-0100',
      },
    });
    expect(typeof row.createdAt).toBe('string');

    const page = await admin.get('/api/admin/barbers?limit=1&offset=1');
    expect(page.body.barbers).toHaveLength(1);
    expect(page.body.total).toBe(all.body.total);

    const pending = await admin.get('/api/admin/barbers?status=pending&search=ZED_');
    expect(pending.body.barbers.map((b: { user: { username: string } }) => b.user.username)).toEqual(['zed_pending']);
    expect(pending.body.total).toBe(1);
    expect((await admin.get('/api/admin/barbers?limit=0')).status).toBe(400);
  });

  it('verifying makes an applicant a barber; unverifying sets them pending and keeps the role', async () => {
    const applicant = new Client(t.app);
    const username = 'applicant';
    const form = { username, email: `${username}@example.com`, password: 'secret123', fullName: 'Appl Icant' };
    const reg = await applicant.post('/api/register', { ...form, isBarber: true });
    expect(reg.body).toMatchObject({ role: 'customer', barberStatus: { verificationStatus: 'pending' } });
    const [found] = await t.db.sql<
      { id: number }[]
    >`SELECT b.id FROM barbers b JOIN users u ON u.id = b.user_id WHERE u.username = 'applicant'`;
    const barberId = found!.id;

    const verified = await admin.put(`/api/admin/barbers/${barberId}/verify`, { isVerified: true });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      id: barberId,
      isVerified: true,
      verificationStatus: 'approved',
      user: { role: 'barber' },
    });
    expect((await applicant.get('/api/current-user')).body).toMatchObject({
      role: 'barber',
      barberStatus: { verificationStatus: 'approved' },
    });

    const unverified = await admin.put(`/api/admin/barbers/${barberId}/verify`, { isVerified: false });
    expect(unverified.body).toMatchObject({
      isVerified: false,
      verificationStatus: 'pending',
      user: { role: 'barber' },
    });
    const [row] = await t.db.sql`SELECT is_verified, verification_status FROM barbers WHERE id = ${barberId}`;
    expect(row).toEqual({ is_verified: false, verification_status: 'pending' });
  });

  it('never demotes an administrator who has a barber profile, and answers 404 / 400 for bad calls', async () => {
    const other = await createUser(t.db.sql, 'admin');
    const [b] = await t.db.sql<{ id: number }[]>`INSERT INTO barbers (user_id) VALUES (${other.id}) RETURNING id`;
    const res = await admin.put(`/api/admin/barbers/${b!.id}/verify`, { isVerified: true });
    expect(res.body.user.role).toBe('admin');
    expect((await admin.put('/api/admin/barbers/999999/verify', { isVerified: true })).status).toBe(404);
    expect((await admin.put(`/api/admin/barbers/${b!.id}/verify`, { isVerified: 'yes' })).body.code).toBe(
      'VALIDATION_FAILED',
    );
  });
});

describe('admin users', () => {
  it("sets a user's password (at least the platform's passwordMinLength, 8 by default)", async () => {
    const user = await createUser(t.db.sql, 'customer');
    const short = await admin.put(`/api/admin/users/${user.id}/password`, { newPassword: '12345' });
    expect(short).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    await new Client(t.app).login(user.username, PASSWORD);
    expect((await admin.put(`/api/admin/users/${user.id}/password`, { newPassword: 'fresh1' })).status).toBe(400);
    expect((await admin.put(`/api/admin/users/${user.id}/password`, { newPassword: 'fresh123' })).body).toEqual({
      ok: true,
    });
    await new Client(t.app).login(user.username, 'fresh123');
    expect((await admin.put('/api/admin/users/999999/password', { newPassword: 'fresh123' })).status).toBe(404);
  });

  it('resets an account: new password, sign-in limits cleared and the user signed out everywhere', async () => {
    await t.deps.settings.update({ maxLoginAttempts: 3, rateLimitEnabled: true, maxRequestsPerMinute: 1000 });
    try {
      const user = await createUser(t.db.sql, 'customer');
      const elsewhere = new Client(t.app);
      await elsewhere.login(user.username, PASSWORD);
      const attacker = new Client(t.app);
      for (let i = 0; i < 3; i++)
        expect((await attacker.post('/api/login', { username: user.username, password: 'wrong' })).status).toBe(401);
      expect((await new Client(t.app).post('/api/login', { username: user.username, password: PASSWORD })).status).toBe(
        429,
      );

      const res = await admin.put(`/api/admin/users/${user.id}/reset-account`, { newPassword: 'brandnew' });
      expect(res).toMatchObject({ status: 200, body: { ok: true } });

      expect((await elsewhere.get('/api/current-user')).status).toBe(401);
      expect((await admin.get('/api/current-user')).status).toBe(200);
      expect((await new Client(t.app).post('/api/login', { username: user.username, password: PASSWORD })).status).toBe(
        401,
      );
      await new Client(t.app).login(user.username, 'brandnew');
    } finally {
      await t.deps.settings.update({ maxLoginAttempts: 5, rateLimitEnabled: false, maxRequestsPerMinute: 100 });
    }
  });

  it('keeps the calling administrator signed in when they reset their own account', async () => {
    const self = await createUser(t.db.sql, 'admin');
    const c = new Client(t.app);
    await c.login(self.username, PASSWORD);
    expect((await c.put(`/api/admin/users/${self.id}/reset-account`, { newPassword: 'selfreset' })).status).toBe(200);
    expect((await c.get('/api/current-user')).status).toBe(200);
    expect((await admin.put('/api/admin/users/999999/reset-account', { newPassword: 'whatever' })).status).toBe(404);
  });
});

describe('admin profile', () => {
  it('updates the own name, email and phone and answers the user', async () => {
    const res = await admin.patch('/api/admin/profile', {
      fullName: 'Ada Admin',
      email: 'ada@example.com',
      phone: '305-555-0111',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: adminUser.id,
      fullName: 'Ada Admin',
      email: 'ada@example.com',
      phone: '305-555-0111',
      role: 'admin',
    });
    expect((await admin.get('/api/current-user')).body.fullName).toBe('Ada Admin');
  });

  it('refuses a taken email (409) and an invalid one (400)', async () => {
    const other = await createUser(t.db.sql, 'customer');
    const taken = await admin.patch('/api/admin/profile', {
      fullName: 'Ada Admin',
      email: `${other.username}@example.com`,
    });
    expect(taken).toMatchObject({ status: 409, body: { message: 'Email already registered' } });
    expect((await admin.patch('/api/admin/profile', { fullName: 'Ada Admin', email: 'nope' })).status).toBe(400);
  });
});

describe('admin settings', () => {
  it('answers the settings; fee collection shows off without Stripe keys', async () => {
    const res = await admin.get('/api/admin/settings');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...defaultPlatformSettings, rateLimitEnabled: false, feeCollectionEnabled: false });
  });

  it.each([
    [{ platformFeePercentage: 30.5 }],
    [{ platformFeePercentage: 10.25 }],
    [{ platformFeePercentage: -1 }],
    [{ maxLoginAttempts: 2 }],
    [{ maxLoginAttempts: 11 }],
    [{ passwordMinLength: 5 }],
    [{ sessionTimeout: 169 }],
    [{ minimumBookingAmount: 4 }],
    [{ cancellationWindow: 0 }],
    [{ maxRequestsPerMinute: 9 }],
    [{ loginCooldownMinutes: 61 }],
    [{ platformName: 'Renamed', maxLoginAttempts: 2 }],
    [{ unknownSetting: true }],
  ])('refuses %j with 400 and changes nothing', async (patch) => {
    const before = await storedSettings();
    const res = await admin.patch('/api/admin/settings', patch);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(await storedSettings()).toEqual(before);
  });

  it('accepts the full object the screen sends back, and a partial one', async () => {
    const current = (await admin.get('/api/admin/settings')).body;
    const full = await admin.patch('/api/admin/settings', {
      ...current,
      platformFeePercentage: 12.5,
      maxLoginAttempts: 3,
    });
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({ platformFeePercentage: 12.5, maxLoginAttempts: 3 });
    const partial = await admin.patch('/api/admin/settings', { platformName: 'Cuts', maxLoginAttempts: 5 });
    expect(partial.body).toMatchObject({ platformName: 'Cuts', platformFeePercentage: 12.5, maxLoginAttempts: 5 });
    expect(await storedSettings()).toMatchObject({ platformName: 'Cuts', platformFeePercentage: 12.5 });
  });

  it('refuses to turn fee collection on without Stripe keys, and allows it with them', async () => {
    const before = await storedSettings();
    const refused = await admin.patch('/api/admin/settings', { feeCollectionEnabled: true, platformName: 'Never' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/Stripe keys are not configured/);
    expect(await storedSettings()).toEqual(before);
    expect((await admin.patch('/api/admin/settings', { feeCollectionEnabled: false })).status).toBe(200);

    Object.assign(t.config, { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' });
    try {
      expect((await new Client(t.app).get('/api/fee-collection-status')).body).toEqual({ feeCollectionEnabled: false });
      const on = await admin.patch('/api/admin/settings', { feeCollectionEnabled: true });
      expect(on).toMatchObject({ status: 200, body: { feeCollectionEnabled: true } });
      expect((await new Client(t.app).get('/api/fee-collection-status')).body).toEqual({ feeCollectionEnabled: true });
    } finally {
      Object.assign(t.config, { STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined });
    }
    expect((await new Client(t.app).get('/api/fee-collection-status')).body).toEqual({ feeCollectionEnabled: false });
  });
});
