import type { RegionKey } from '@barber/shared';

/** The demo data set of docs/design.md §8: every sign-in uses the password `demo1234`. */
export const DEMO_PASSWORD = 'demo1234';

export interface DemoBarber {
  username: string;
  fullName: string;
  region: RegionKey;
  county: 'miami_dade' | 'broward' | 'palm_beach';
  years: number;
  bio: string;
}

const people: [string, RegionKey, DemoBarber['county'], number, string][] = [
  [
    'Marcus Rivera',
    'miami',
    'miami_dade',
    12,
    'Fades, tapers and sharp line-ups brought to your door anywhere in Miami-Dade.',
  ],
  ['Andre Thompson', 'miami', 'miami_dade', 8, 'Classic cuts and hot towel shaves; former Brickell shop lead.'],
  ['Luis Mendoza', 'miami', 'miami_dade', 6, 'Curly hair specialist and beard sculpting for busy professionals.'],
  ['Jamal Carter', 'fort_lauderdale', 'broward', 10, 'Precision clipper work and kids cuts across Broward County.'],
  [
    'Diego Alvarez',
    'fort_lauderdale',
    'broward',
    5,
    'Modern styles, textured crops and designs, at home or at the office.',
  ],
  [
    'Kevin Brooks',
    'fort_lauderdale',
    'broward',
    15,
    'Old-school barbering with straight razor shaves and scissor cuts.',
  ],
  [
    'Omar Haddad',
    'boca_raton',
    'palm_beach',
    9,
    'Executive grooming in Boca Raton and Delray Beach, on your schedule.',
  ],
  ['Tyler Nguyen', 'boca_raton', 'palm_beach', 4, 'Skin fades and beard trims; bilingual English and Vietnamese.'],
  ['Samuel Ortiz', 'boca_raton', 'palm_beach', 7, 'Weddings, events and group bookings: the whole party looks sharp.'],
  [
    'Chris Walker',
    'palm_beach',
    'palm_beach',
    11,
    'Mobile barber for West Palm Beach, Jupiter and Wellington families.',
  ],
  ['Ethan Price', 'palm_beach', 'palm_beach', 3, 'Fresh tapers and hair styling with premium products.'],
  ['Rafael Santos', 'palm_beach', 'palm_beach', 13, 'Beard care, hot towel shaves and relaxed home visits.'],
];

export const demoBarbers: DemoBarber[] = people.map(([fullName, region, county, years, bio], i) => ({
  username: `barber${i + 1}`,
  fullName,
  region,
  county,
  years,
  bio,
}));

export const demoCustomers = [
  { username: 'customer1', fullName: 'Sofia Martinez', email: 'customer1@example.com', phone: '305-555-0101' },
  { username: 'customer2', fullName: 'James Wilson', email: 'customer2@example.com', phone: '954-555-0102' },
];

/**
 * Services in every category of the search form (haircut, beard, styling, shave) and of the home chips
 * (haircut, grooming, package); each barber offers a rotating subset with their own prices.
 */
export const demoServices = [
  {
    name: 'Classic Haircut',
    description: 'Scissor and clipper cut, wash and style.',
    duration: 45,
    price: 3500,
    category: 'haircut',
  },
  {
    name: 'Skin Fade',
    description: 'Bald fade blended to your length of choice.',
    duration: 45,
    price: 4000,
    category: 'haircut',
  },
  { name: 'Beard Trim', description: 'Shape-up, line-up and beard oil.', duration: 30, price: 2500, category: 'beard' },
  {
    name: 'Hair Styling',
    description: 'Styling for an event with premium products.',
    duration: 30,
    price: 3000,
    category: 'styling',
  },
  {
    name: 'Hot Towel Shave',
    description: 'Straight razor shave with hot towels.',
    duration: 30,
    price: 3000,
    category: 'shave',
  },
  {
    name: 'Cut & Beard Combo',
    description: 'Full haircut plus a beard trim.',
    duration: 60,
    price: 5500,
    category: 'package',
  },
  {
    name: 'Brow & Facial Grooming',
    description: 'Eyebrow clean-up, nose and ear trim, hot towel facial.',
    duration: 30,
    price: 2500,
    category: 'grooming',
  },
];

export const demoReviews = [
  { rating: 5, comment: 'On time, friendly and the best fade I have had in years.' },
  { rating: 5, comment: 'Super convenient having him come to the house. Highly recommend.' },
  { rating: 4, comment: 'Great cut, a few minutes late but texted ahead.' },
];
