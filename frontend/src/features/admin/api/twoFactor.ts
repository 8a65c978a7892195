import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { TWO_FACTOR_KEY, twoFactorStatusQuery } from '../../../lib/twoFactorHold';

/** GET /api/auth/two-factor: the signed-in administrator's two-factor state (and whether the platform requires it). */
export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQuery);
}

/** POST /api/auth/two-factor/setup: a new secret with its QR code (not on until confirmed). */
export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: () => api.post('/api/auth/two-factor/setup', undefined, { answer: 'twoFactorSetupSchema' }),
  });
}

/**
 * POST /api/auth/two-factor/confirm: turns it on; answers the recovery codes, shown once. The state is
 * read again only once they are put away (useRecoveryCodesSaved): the admin area's gate would otherwise
 * let the administrator through before they saw them.
 */
export function useConfirmTwoFactor() {
  return useMutation({
    mutationFn: (code: string) =>
      api.post('/api/auth/two-factor/confirm', { code }, { answer: 'twoFactorRecoveryCodesSchema' }),
  });
}

/** After the recovery codes were shown: the two-factor state is read again. */
export function useRecoveryCodesSaved() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
}

/** POST /api/auth/two-factor/disable with a current code or a recovery code. */
export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post('/api/auth/two-factor/disable', { code }),
    onSuccess: () => client.invalidateQueries({ queryKey: TWO_FACTOR_KEY }),
  });
}
