import { describe, expect, it } from 'vitest';
import { barberProfileInputSchema, barberProfileUpdateSchema } from './schemas';

/* docs/spec/barber-and-admin.md §5: "On submit, cities default to ['miami'] if not a list." */
describe('barber profile cities', () => {
  const profile = { bio: 'Fades and beard work at your door.', yearsOfExperience: 4 };

  it.each([null, 'miami', 3, {}])('default to miami when %j is sent, on creation and on update alike', (cities) => {
    expect(barberProfileInputSchema.parse({ ...profile, cities }).cities).toEqual(['miami']);
    expect(barberProfileUpdateSchema.parse({ cities }).cities).toEqual(['miami']);
  });

  it('stay as they are on an update that leaves them out', () => {
    expect(barberProfileUpdateSchema.parse({ bio: profile.bio })).not.toHaveProperty('cities');
  });

  it('keep a list, each region once, and refuse an unknown region', () => {
    expect(barberProfileUpdateSchema.parse({ cities: ['boca_raton', 'miami', 'boca_raton'] }).cities).toEqual([
      'boca_raton',
      'miami',
    ]);
    expect(barberProfileUpdateSchema.safeParse({ cities: ['orlando'] }).success).toBe(false);
  });
});
