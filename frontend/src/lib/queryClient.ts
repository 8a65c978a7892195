import { MutationCache, QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { api, isApiError, type QueryParams } from './api';

/**
 * Default query function: the first key part is the URL, an optional second part an
 * object of query params. `useQuery({ queryKey: ['/api/barbers', { city }] })` works
 * without a queryFn.
 */
const defaultQueryFn: QueryFunction = ({ queryKey, signal }) => {
  const [url, params] = queryKey;
  if (typeof url !== 'string') throw new Error('The first query key part must be a URL');
  const query = params && typeof params === 'object' ? (params as QueryParams) : undefined;
  return api.get<unknown>(url, query, { signal });
};

/**
 * A call refused because the platform is under maintenance (503 MAINTENANCE) asks the public settings
 * again, so the maintenance banner (components/MaintenanceBanner.tsx) appears at once on every screen.
 */
function onApiError(error: unknown): void {
  if (isApiError(error) && error.code === 'MAINTENANCE') {
    void queryClient.invalidateQueries({ queryKey: ['/api/public-settings'] });
  }
}

/** Spec §7: no automatic retries, no refetch on focus, no polling, data never stale until invalidated. */
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onApiError }),
  mutationCache: new MutationCache({ onError: onApiError }),
  defaultOptions: {
    queries: {
      queryFn: defaultQueryFn,
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      refetchInterval: false,
      staleTime: Infinity,
    },
    mutations: {
      retry: false,
    },
  },
});
