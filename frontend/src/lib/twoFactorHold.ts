import { QueryObserver, useQuery, type QueryObserverResult } from '@tanstack/react-query';
import type { TwoFactorStatus } from '@barber/shared';
import { useSession } from '../stores/session';
import { answerQuery, queryClient } from './queryClient';

/*
 * "Require 2FA for admin accounts": an administrator who has not enrolled is held. The server then answers
 * every signed-in call but who-am-I, sign-out and the enrolment's own with 403 TWO_FACTOR_SETUP_REQUIRED
 * and refuses the live socket's handshake. The admin area shows only the set-up meanwhile (TwoFactorGate);
 * what lives outside it (the header's bell, the live connection) waits too, on the same read of the state.
 */

/** GET /api/auth/two-factor: the signed-in administrator's two-factor state (and whether the platform requires it). */
export const TWO_FACTOR_KEY = ['/api/auth/two-factor'] as const;

export const twoFactorStatusQuery = {
  queryKey: TWO_FACTOR_KEY,
  queryFn: answerQuery('twoFactorStatusSchema'),
};

/** The code of the server's refusal, in a 403 body or as the live handshake's error message. */
export const TWO_FACTOR_SETUP_REQUIRED = 'TWO_FACTOR_SETUP_REQUIRED';

/** The platform requires two-factor sign-in and this administrator has not set it up. */
export function heldForTwoFactor(status: TwoFactorStatus | undefined): boolean {
  return Boolean(status?.required && !status.enabled);
}

/**
 * 'unknown' while the state is being read, 'held' or 'free' once read; a failed read is 'free' (the
 * calls say the rest). Only an administrator is ever held: nobody else's state is read.
 */
export type TwoFactorHold = 'unknown' | 'held' | 'free';

function holdOf(result: Pick<QueryObserverResult<TwoFactorStatus>, 'status' | 'data'>): TwoFactorHold {
  if (result.status === 'pending') return 'unknown';
  return heldForTwoFactor(result.data) ? 'held' : 'free';
}

/** The signed-in user's hold, read once per session and shared with the admin area's gate. */
export function useTwoFactorHold(): TwoFactorHold {
  const admin = useSession((s) => s.user?.role === 'admin');
  const status = useQuery({ ...twoFactorStatusQuery, enabled: admin });
  return admin ? holdOf(status) : 'free';
}

/**
 * Outside React (the live connection): calls `onChange` with the administrator's hold now and whenever
 * it changes (read when not read yet; read again when it is invalidated, e.g. after enrolment). Returns
 * the unsubscribe function.
 */
export function watchTwoFactorHold(onChange: (hold: TwoFactorHold) => void): () => void {
  const observer = new QueryObserver(queryClient, twoFactorStatusQuery);
  let last: TwoFactorHold | null = null;
  const report = (result: QueryObserverResult<TwoFactorStatus>) => {
    const hold = holdOf(result);
    if (hold === last) return;
    last = hold;
    onChange(hold);
  };
  const unsubscribe = observer.subscribe(report);
  report(observer.getCurrentResult());
  return unsubscribe;
}
