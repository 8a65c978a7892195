import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/queryClient';
import { LiveAnnouncer } from '../components/ui/LiveAnnouncer';
import { Toaster } from '../components/ui/toast';
import { loadCurrentUser } from '../stores/session';

/** React Query, toasts, the live region, and the start-up load of the current user. */
export function AppProviders({ children }: { children: ReactNode }) {
  useEffect(() => {
    void loadCurrentUser();
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
      <LiveAnnouncer />
    </QueryClientProvider>
  );
}
