import {
  MutationCache,
  QueryCache,
  QueryClient,
  type QueryFunctionContext,
  type QueryKey,
} from '@tanstack/react-query';
import { api, isApiError, type AnswerOf, type AnswerSchemaName, type QueryParams } from './api';

/** The request a query key names: its first part is the URL, an optional second part an object of query params. */
function keyRequest(queryKey: QueryKey): [string, QueryParams | undefined] {
  const [url, params] = queryKey;
  if (typeof url !== 'string') throw new Error('The first query key part must be a URL');
  return [url, params && typeof params === 'object' ? (params as QueryParams) : undefined];
}

/**
 * The query function of a query whose key is its request, the answer typed by its schema in shared (and
 * checked against it in development builds):
 * `useQuery({ queryKey: ['/api/barbers', { city }], queryFn: answerQuery('barbersAnswerSchema') })`.
 */
export function answerQuery<N extends AnswerSchemaName>(
  answer: N,
): (context: QueryFunctionContext) => Promise<AnswerOf<N>> {
  return ({ queryKey, signal }) => api.get(...keyRequest(queryKey), { signal, answer });
}

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
