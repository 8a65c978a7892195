import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminBarber, AdminBarberList } from '@barber/shared';
import { api } from '../../../lib/api';
import { answerQuery } from '../../../lib/queryClient';

export const ADMIN_BARBERS_PAGE_SIZE = 10;
const ADMIN_BARBERS_KEY = '/api/admin/barbers';

export type BarberTab = 'all' | 'verified' | 'pending';

export interface AdminBarbersParams {
  limit: number;
  offset: number;
  search?: string;
  status: BarberTab;
  sort: BarberSort;
}

export type BarberSort = 'newest' | 'name' | 'rating';

export function adminBarbersParams(
  page: number,
  status: BarberTab,
  search: string,
  sort: BarberSort = 'newest',
): AdminBarbersParams {
  const trimmed = search.trim();
  return {
    limit: ADMIN_BARBERS_PAGE_SIZE,
    offset: (page - 1) * ADMIN_BARBERS_PAGE_SIZE,
    ...(trimmed ? { search: trimmed } : {}),
    status,
    sort,
  };
}

/**
 * GET /api/admin/barbers?limit&offset(&search)&status&sort. While a page is read, the previous page of the same tab,
 * search and sort stands in; one of another filter does not (verified barbers under Pending Verification).
 */
export function useAdminBarbers(params: AdminBarbersParams) {
  return useQuery<AdminBarberList>({
    queryKey: [ADMIN_BARBERS_KEY, params],
    queryFn: answerQuery('adminBarberListSchema'),
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey[1] as AdminBarbersParams | undefined;
      const sameFilter =
        before?.status === params.status && before.search === params.search && before.sort === params.sort;
      return sameFilter ? previous : undefined;
    },
  });
}

/** The barbers by name for the bookings' barber filter: the first 100, or the first 100 matching `search`. */
export function useBarberOptions(enabled: boolean, search = '') {
  return useQuery({
    queryKey: [ADMIN_BARBERS_KEY, { limit: 100, offset: 0, sort: 'name', ...(search ? { search } : {}) }],
    queryFn: answerQuery('adminBarberListSchema'),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/**
 * PUT /api/admin/barbers/{id}/verify: the list shows the new state at once and rolls back on
 * failure (docs/spec/barber-and-admin.md §4); every barber list is read again afterwards.
 */
export function useVerifyBarber() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ barber, isVerified }: { barber: AdminBarber; isVerified: boolean }) =>
      api.put(`/api/admin/barbers/${barber.id}/verify`, { isVerified }, { answer: 'adminBarberSchema' }),
    onMutate: async ({ barber, isVerified }) => {
      await client.cancelQueries({ queryKey: [ADMIN_BARBERS_KEY] });
      const snapshot = client.getQueriesData<AdminBarberList>({ queryKey: [ADMIN_BARBERS_KEY] });
      client.setQueriesData<AdminBarberList>({ queryKey: [ADMIN_BARBERS_KEY] }, (data) =>
        data
          ? {
              ...data,
              barbers: data.barbers.map((b) =>
                b.id === barber.id ? { ...b, isVerified, verificationStatus: isVerified ? 'approved' : 'pending' } : b,
              ),
            }
          : data,
      );
      return { snapshot };
    },
    onError: (_error, _vars, context) => {
      for (const [key, data] of context?.snapshot ?? []) client.setQueryData(key, data);
    },
    onSettled: () => client.invalidateQueries({ queryKey: [ADMIN_BARBERS_KEY] }),
  });
}

/** PUT /api/admin/users/{userId}/password. */
export function setUserPassword(userId: number, newPassword: string) {
  return api.put(`/api/admin/users/${userId}/password`, { newPassword });
}

/** PUT /api/admin/users/{userId}/reset-account: new password, limits cleared, signed out everywhere. */
export function resetUserAccount(userId: number, newPassword: string) {
  return api.put(`/api/admin/users/${userId}/reset-account`, { newPassword });
}
