import { Link } from 'wouter';
import { BadgeCheck, Clock, MapPin, Star, Users } from 'lucide-react';
import { buttonVariants } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';

/* Fixed marketing text (docs/spec/customer-side.md §1): not live data. */

const FEATURES = [
  { icon: Clock, title: '24/7 Instant Booking', text: 'Book any time of day or night and get confirmed in seconds.' },
  { icon: BadgeCheck, title: 'Verified Reviews', text: 'Every review comes from a customer who completed a booking.' },
  { icon: MapPin, title: 'Local Focus', text: 'Barbers from your own neighborhood who travel to you.' },
  { icon: Users, title: '500+ Customers', text: 'Hundreds of happy customers across South Florida.' },
  { icon: Star, title: '4.9/5 Average Rating', text: 'Our barbers are rated 4.9 out of 5 on average.' },
] as const;

const COUNTIES = [
  { name: 'Miami-Dade', count: '15+' },
  { name: 'Broward', count: '12+' },
  { name: 'Palm Beach', count: '10+' },
] as const;

/** The visitor's features section. */
export function FeaturesSection() {
  return (
    <section aria-labelledby="features-heading" className="space-y-4">
      <h2 id="features-heading" className="text-xl font-bold tracking-tight md:text-2xl">
        Why book with us
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <Card className="h-full space-y-2 p-5">
              <Icon className="size-6 text-amber-600" aria-hidden="true" />
              <h3 className="font-semibold">{title}</h3>
              <p className="text-sm text-zinc-600">{text}</p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The visitor's counties section with the active barber counts. */
export function CountiesSection() {
  return (
    <section aria-labelledby="counties-heading" className="space-y-4">
      <h2 id="counties-heading" className="text-xl font-bold tracking-tight md:text-2xl">
        Serving three South Florida counties
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        {COUNTIES.map((c) => (
          <li key={c.name}>
            <Card className="p-5 text-center">
              <h3 className="font-semibold">{c.name}</h3>
              <p className="mt-1 text-3xl font-bold text-zinc-900">{c.count}</p>
              <p className="text-sm text-zinc-600">active barbers</p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The closing call to action. */
export function ClosingCallToAction() {
  return (
    <section aria-labelledby="cta-heading" className="rounded-2xl bg-amber-100 px-6 py-10 text-center md:px-12">
      <h2 id="cta-heading" className="text-2xl font-bold tracking-tight">
        Ready for your next fresh cut?
      </h2>
      <p className="mx-auto mt-2 max-w-lg text-zinc-700">
        Create a free account and book a verified barber who comes to your door.
      </p>
      <Link href="/register" className={buttonVariants({ size: 'lg', className: 'mt-6' })}>
        Get Started Free
      </Link>
    </section>
  );
}
