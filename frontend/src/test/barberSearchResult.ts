import type { BarberSearchResult } from '@barber/shared';

/** A barber as GET /api/search/barbers answers it (Marcus Lee, id 42, one $35 Fade, two free slots), with `over`. */
export function barberSearchResultOf(over: Partial<BarberSearchResult> = {}): BarberSearchResult {
  return {
    id: 42,
    user: { id: 7, fullName: 'Marcus Lee', username: 'marcus', phone: null, email: 'marcus@example.com' },
    portfolioImages: [],
    rating: '4.8',
    reviewCount: 12,
    services: [
      {
        id: 3,
        barberId: 42,
        name: 'Fade',
        description: '',
        duration: 45,
        price: '35.00',
        category: 'haircut',
        isActive: true,
      },
    ],
    cities: ['miami'],
    isVerified: true,
    yearsOfExperience: 6,
    bio: 'Sharp fades.',
    nextAvailable: null,
    startingPrice: '35.00',
    availableSlots: ['09:00', '09:30'],
    actualCitiesServed: ['Miami'],
    ...over,
  };
}
