import type { BarberListing, Service } from '@barber/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { BarberCard } from './BarberCard';
import { VisitorHero } from './VisitorHero';

/* docs/spec/customer-side.md §2.4: the visitor's hero links and what every barber card shows. */

const html = (node: React.ReactNode) => renderToStaticMarkup(<Router ssrPath="/">{node}</Router>);
const text = (markup: string) => markup.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

const service = (id: number, name: string): Service => ({
  id,
  barberId: 7,
  name,
  description: '',
  duration: 30,
  price: '30.00',
  category: 'haircut',
  isActive: true,
});

const barber = (services: Service[]): BarberListing => ({
  id: 7,
  user: { id: 70, fullName: 'Marco Diaz', username: 'marco', email: 'marco@example.com', phone: null },
  portfolioImages: [],
  rating: '4.80',
  reviewCount: 12,
  services,
  cities: ['miami'],
  isVerified: true,
  yearsOfExperience: 6,
  bio: 'Fades and beard work at your door.',
  nextAvailable: null,
  startingPrice: '30.00',
});

describe('the home page', () => {
  it("links the visitor's hero to /register as Start Booking Today and Get Started Free, and to /search", () => {
    const markup = html(<VisitorHero />);
    const links = [...markup.matchAll(/<a[^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/g)].map(([, href, label]) => [
      href,
      text(label!).trim(),
    ]);
    expect(links).toEqual([
      ['/register', 'Start Booking Today'],
      ['/register', 'Get Started Free'],
      ['/search', 'Search Barbers'],
    ]);
  });

  it.each(['featured', 'compact'] as const)('shows at most 3 services on a %s card', (variant) => {
    const four = [service(1, 'Fade'), service(2, 'Beard Trim'), service(3, 'Line Up'), service(4, 'Shave')];
    const shown = text(html(<BarberCard barber={barber(four)} variant={variant} />));
    expect(shown).toContain('Fade Beard Trim Line Up');
    expect(shown).not.toContain('Shave');
  });

  it.each(['featured', 'compact'] as const)(
    'shows Haircut and Beard Trim on a %s card of a barber with none',
    (variant) => {
      expect(text(html(<BarberCard barber={barber([])} variant={variant} />))).toContain('Haircut Beard Trim');
    },
  );
});
