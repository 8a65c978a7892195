import type { AdminBarber } from '@barber/shared';

/** A verified barber as GET /api/admin/barbers lists it; `over` changes the barber, `user` their account. */
export function adminBarberOf(
  id: number,
  name: string,
  over: Partial<Omit<AdminBarber, 'user'>> & { user?: Partial<AdminBarber['user']> } = {},
): AdminBarber {
  const { user, ...barber } = over;
  return {
    id,
    bio: '',
    yearsOfExperience: 3,
    cities: ['miami'],
    portfolioImages: [],
    isVerified: true,
    verificationStatus: 'approved',
    rating: 0,
    reviewCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...barber,
    user: {
      id: 1000 + id,
      fullName: name,
      username: `b${id}`,
      email: `b${id}@example.com`,
      phone: null,
      role: 'barber',
      ...user,
    },
  };
}
