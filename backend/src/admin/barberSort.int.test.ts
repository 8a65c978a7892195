import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { Client } from '../test/client';
import { createUser, PASSWORD } from '../test/fixtures';

const t = useTestApp();
const admin = () => new Client(t.app);
let client: Client;
const names = ['Carla Zimmer', 'alan Brooks', 'Bea Young'];

beforeAll(async () => {
  const { sql } = t.db;
  await t.deps.settings.update({ rateLimitEnabled: false });
  const user = await createUser(sql, 'admin');
  client = admin();
  await client.login(user.username, PASSWORD);
  for (const [i, fullName] of names.entries()) {
    const barber = await createUser(sql, 'barber');
    await sql`UPDATE users SET full_name = ${fullName} WHERE id = ${barber.id}`;
    await sql`UPDATE barbers SET rating = ${[5, 3, 4][i]!}, created_at = now() + ${`${i} minutes`}::interval WHERE id = ${barber.barberId}`;
  }
});

const listed = async (query: string) => {
  const res = await client.get(`/api/admin/barbers?${query}`);
  expect(res.status).toBe(200);
  return res.body.barbers.map((b: { user: { fullName: string } }) => b.user.fullName);
};

describe('Manage Barbers sort (issue 11 item 14)', () => {
  it('sorts by name (case-insensitive), by rating, and newest first by default', async () => {
    expect(await listed('sort=name')).toEqual(['alan Brooks', 'Bea Young', 'Carla Zimmer']);
    expect(await listed('sort=rating')).toEqual(['Carla Zimmer', 'Bea Young', 'alan Brooks']);
    expect(await listed('')).toEqual(['Bea Young', 'alan Brooks', 'Carla Zimmer']);
    expect(await listed('sort=name&limit=1&offset=1')).toEqual(['Bea Young']);
    expect((await client.get('/api/admin/barbers?sort=bogus')).status).toBe(400);
  });
});
