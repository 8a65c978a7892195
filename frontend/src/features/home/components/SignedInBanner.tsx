import { Link } from 'wouter';
import { Search } from 'lucide-react';
import { greeting } from '../../../lib/greeting';
import { amberButton } from '../lib/styles';

/**
 * The signed-in banner: "Find Your Perfect Barber" with a Search button to /search, greeting a new
 * account with "Welcome" and a returning one with "Welcome back".
 */
export function SignedInBanner({ name, newAccount }: { name: string; newAccount: boolean }) {
  return (
    <section className="flex flex-col gap-4 rounded-2xl bg-zinc-900 px-6 py-8 text-white md:flex-row md:items-center md:justify-between md:px-10">
      <div className="space-y-1">
        <p className="text-sm text-amber-300">{greeting(name, newAccount)}</p>
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Find Your Perfect Barber</h1>
        <p className="text-zinc-200">Search by zipcode, date and time to see who is free.</p>
      </div>
      <Link href="/search" className={amberButton}>
        <Search aria-hidden="true" />
        Search
      </Link>
    </section>
  );
}
