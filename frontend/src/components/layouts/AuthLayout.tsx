import type { ReactNode } from 'react';
import { Brand } from './Brand';
import { SkipLink } from './SkipLink';
import { MaintenanceBanner } from '../MaintenanceBanner';

/** Centered shell of the sign-in, registration and forgot-password screens. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-zinc-50">
      <SkipLink />
      <header className="px-4 py-4 md:px-8">
        <Brand />
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 outline-none md:items-center md:pt-0"
      >
        <div className="w-full max-w-md">
          <MaintenanceBanner />
          {children}
        </div>
      </main>
    </div>
  );
}
