import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import { logout } from '../../stores/session';

/** Logs out (toasts come from the session store) and goes home on success. */
export function useLogoutAction(): { logOut: () => Promise<void>; isLoggingOut: boolean } {
  const [, navigate] = useLocation();
  const [isLoggingOut, setBusy] = useState(false);
  const logOut = useCallback(async () => {
    setBusy(true);
    try {
      if (await logout()) navigate('/');
    } finally {
      setBusy(false);
    }
  }, [navigate]);
  return { logOut, isLoggingOut };
}
