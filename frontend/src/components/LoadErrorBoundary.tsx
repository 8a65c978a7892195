import type { ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { RotateCw } from 'lucide-react';
import { Button } from './ui/Button';

/**
 * True for an error that says a piece of the site's code could not be fetched: a lazily loaded
 * screen (or a file it needs) that a deploy removed, or a connection that dropped while it loaded.
 * Browsers word a failed dynamic import differently; Vite's preloader and webpack have their own.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return /failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed|unable to preload css|loading (css )?chunk \S+ failed/i.test(
    error.message,
  );
}

const reload = () => window.location.reload();

/**
 * What replaces a part of the page that failed: a way out, never a blank page. A screen whose code
 * could not be loaded offers "Reload" (React.lazy remembers a failed import, so only a reload fetches
 * the current version); any other error offers "Retry", which renders the part again.
 */
function ErrorNotice({ error, resetErrorBoundary, fullPage = false }: FallbackProps & { fullPage?: boolean }) {
  const chunk = isChunkLoadError(error);
  return (
    <div
      role="alert"
      className={`mx-auto flex ${fullPage ? 'min-h-screen' : 'min-h-[50vh]'} max-w-md flex-col items-center justify-center gap-3 px-4 text-center`}
    >
      <h2 className="text-lg font-semibold text-zinc-900">
        {chunk ? 'This page was updated' : 'Something went wrong'}
      </h2>
      <p className="text-sm text-zinc-600">
        {chunk
          ? 'A new version of the site was published, or the connection dropped while the page loaded. Reloading fetches the current version.'
          : 'This part of the page could not be shown. Try again, or reload the page if it keeps happening.'}
      </p>
      {chunk ? (
        <Button onClick={reload}>
          <RotateCw aria-hidden="true" />
          Reload
        </Button>
      ) : (
        <Button onClick={resetErrorBoundary}>
          <RotateCw aria-hidden="true" />
          Retry
        </Button>
      )}
    </div>
  );
}

/**
 * Around lazily loaded screens: a failed import or a render error below shows <ErrorNotice> instead
 * of unmounting the whole app. `resetKeys` (e.g. the location) clear it on navigation.
 */
export function LoadErrorBoundary({ children, resetKeys }: { children: ReactNode; resetKeys?: unknown[] }) {
  return (
    <ErrorBoundary
      FallbackComponent={ErrorNotice}
      resetKeys={resetKeys}
      onError={(error) => console.error('A screen failed to load or render', error)}
    >
      {children}
    </ErrorBoundary>
  );
}

/** The last resort at the root of the app: an error no inner boundary caught (a layout, a provider) fills the page. */
export function RootErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      fallbackRender={(props) => <ErrorNotice {...props} fullPage />}
      onError={(error) => console.error('The app failed to render', error)}
    >
      {children}
    </ErrorBoundary>
  );
}
