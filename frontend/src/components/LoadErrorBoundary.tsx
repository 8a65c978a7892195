import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { RotateCw } from 'lucide-react';
import { Button } from './ui/Button';

/** What replaces a screen whose code could not be loaded (e.g. a chunk removed by a deploy): a way out, not a blank page. */
function LoadErrorNotice() {
  return (
    <div role="alert" className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-3 px-4 text-center">
      <h2 className="text-lg font-semibold text-zinc-900">This page could not be shown</h2>
      <p className="text-sm text-zinc-600">
        The connection may have dropped, or a new version of the site was published. Reloading fetches the current version.
      </p>
      <Button onClick={() => window.location.reload()}>
        <RotateCw aria-hidden="true" />
        Reload
      </Button>
    </div>
  );
}

/**
 * Around lazily loaded screens: a failed import (or a render error below) shows a notice with
 * "Reload" instead of unmounting the whole app. `resetKeys` (e.g. the location) clear it on
 * navigation. React.lazy remembers a failed import, so only a reload retries that screen.
 */
export function LoadErrorBoundary({ children, resetKeys }: { children: ReactNode; resetKeys?: unknown[] }) {
  return (
    <ErrorBoundary
      fallback={<LoadErrorNotice />}
      resetKeys={resetKeys}
      onError={(error) => console.error('A screen failed to load or render', error)}
    >
      {children}
    </ErrorBoundary>
  );
}
