import { regions } from '@barber/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { seedDemo } from './seed';

const t = useTestApp();

// The home screen's category chips (customer spec "Home filters": haircut, grooming, package) and the
// search form's categories (haircut, beard, styling, shave).
const HOME_CHIP_CATEGORIES = ['haircut', 'grooming', 'package'];
const SEARCH_CATEGORIES = ['haircut', 'beard', 'styling', 'shave'];

describe('the demo data set', () => {
  it('gives every home chip and search category at least one barber in each of the four cities', async () => {
    expect((await seedDemo(t.db.sql, { NODE_ENV: 'test' })).seeded).toBe(true);
    await t.deps.settings.update({ rateLimitEnabled: false });
    for (const { key: city } of regions) {
      for (const category of [...HOME_CHIP_CATEGORIES, ...SEARCH_CATEGORIES]) {
        const res = await t.app.inject({ method: 'GET', url: `/api/barbers?city=${city}&serviceCategory=${category}` });
        expect(res.statusCode).toBe(200);
        expect(res.json().barbers.length, `${category} in ${city}`).toBeGreaterThan(0);
      }
    }
  });
});
