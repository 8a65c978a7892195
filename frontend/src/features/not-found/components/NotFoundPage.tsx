import { Link } from 'wouter';
import { SearchX } from 'lucide-react';
import { buttonVariants } from '../../../components/ui/Button';
import { usePageTitle } from '../../../components/ui/PageTitle';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <div className="w-full max-w-md rounded-xl border border-zinc-200 bg-white p-8 text-center shadow-sm">
        <SearchX className="mx-auto mb-4 size-10 text-red-700" aria-hidden="true" />
        <h1 className="text-2xl font-bold text-zinc-900">404 Page Not Found</h1>
        <p className="mt-2 text-sm text-zinc-600">The page you are looking for does not exist or has been moved.</p>
        <Link href="/" className={buttonVariants({ className: 'mt-6' })}>
          Go to Home
        </Link>
      </div>
    </div>
  );
}
