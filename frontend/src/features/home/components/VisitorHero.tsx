import { Link } from 'wouter';
import { Search } from 'lucide-react';
import { amberButton, darkOutlineButton } from '../lib/styles';

/** The visitor's hero: links to /register ("Start Booking Today", "Get Started Free") and /search ("Search Barbers"). */
export function VisitorHero() {
  return (
    <section className="overflow-hidden rounded-2xl bg-zinc-900 px-6 py-12 text-white md:px-12 md:py-16">
      <p className="mb-3 text-sm font-semibold uppercase tracking-wider text-amber-300">
        Mobile barbers in South Florida
      </p>
      <h1 className="max-w-2xl text-3xl font-bold tracking-tight md:text-5xl">Professional barbers who come to you</h1>
      <p className="mt-4 max-w-xl text-base text-zinc-200 md:text-lg">
        Book a verified barber in Miami-Dade, Broward or Palm Beach for a fresh cut at your home, office or hotel.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link href="/register" className={amberButton}>
          Start Booking Today
        </Link>
        <Link href="/register" className={darkOutlineButton}>
          Get Started Free
        </Link>
        <Link href="/search" className={darkOutlineButton}>
          <Search aria-hidden="true" />
          Search Barbers
        </Link>
      </div>
    </section>
  );
}
