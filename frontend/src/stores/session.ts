import { create } from 'zustand';
import type { CurrentUser, LoginInput, Role, TwoFactorChallenge } from '@barber/shared';
import { api, errorMessage, isApiError, onSessionRefused } from '../lib/api';
import { queryClient } from '../lib/queryClient';
import { toast } from '../components/ui/toast';
import { useNotifications } from './notifications';

/** POST /api/register body (the output of registerSchema). */
export interface RegisterPayload {
  username: string;
  email: string;
  password: string;
  fullName: string;
  phone?: string | undefined;
  isBarber: boolean;
}

type SessionStatus = 'loading' | 'ready';

interface SessionState {
  /** The signed-in user, or null when signed out (or still loading). */
  user: CurrentUser | null;
  /** 'loading' until the first GET /api/current-user has answered. */
  status: SessionStatus;
  /** True once this browser made the signed-in account (registration): it is greeted "Welcome", not "Welcome back". */
  newAccount: boolean;
}

/**
 * The session (docs/spec/customer-side.md §4): the current user is loaded on start-up; login
 * and register set the user and refetch the current user; logout clears the user and
 * every cached query. Read it with `useSession((s) => s.user)`; outside React use
 * `useSession.getState()` / `useSession.subscribe()`.
 */
export const useSession = create<SessionState>(() => ({ user: null, status: 'loading', newAccount: false }));

// The cache holds one user's data: whoever the tab signs in as next must see none of it. A session can end without
// a logout (signed out in another tab, timed out, its password changed elsewhere), and the panels' query keys do not
// name the user, so a barber signing in after another read the other's services and profile (and saved over them).
useSession.subscribe((state, previous) => {
  if (previous.user && state.user?.id !== previous.user.id) {
    queryClient.clear();
    useNotifications.getState().clear();
  }
});

/** Convenience hook: { user, isLoading, isAuthenticated, role }. */
export function useCurrentUser(): {
  user: CurrentUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  role: Role | null;
} {
  const user = useSession((s) => s.user);
  const status = useSession((s) => s.status);
  return { user, isLoading: status === 'loading', isAuthenticated: user !== null, role: user?.role ?? null };
}

let inflight: Promise<CurrentUser | null> | null = null;

/**
 * GET /api/current-user; a 401 means signed out. Any other failure (a rate limit, the server or the network
 * failing) says nothing about the session: the user already known stays (none on start-up). Concurrent calls
 * share one request.
 */
export function loadCurrentUser(options: { quiet?: boolean } = {}): Promise<CurrentUser | null> {
  if (inflight) return inflight;
  inflight = (async () => {
    let user: CurrentUser | null;
    try {
      user = await api.get('/api/current-user', undefined, { answer: 'currentUserSchema' });
    } catch (error) {
      const signedOut = isApiError(error) && error.status === 401;
      if (!signedOut) console.warn('Could not load the current user', error);
      user = signedOut ? null : useSession.getState().user;
    }
    // signed in until now: the session ended elsewhere (timed out, signed out in another tab); the route guard
    // sends a protected screen to sign in, and back here after. `quiet`: the caller ended it and says so itself.
    if (!user && useSession.getState().user && !options.quiet)
      toast({ title: 'Authentication required', description: 'Please sign in to continue.', variant: 'destructive' });
    useSession.setState({ user, status: 'ready' });
    return user;
  })().finally(() => {
    inflight = null;
  });
  return inflight;
}

// A call refused as signed out while a user is known: check the session (one request however many were refused).
onSessionRefused(() => {
  if (useSession.getState().user) void loadCurrentUser();
});

/** Replaces the current user (e.g. after a profile update). */
export function setCurrentUser(user: CurrentUser | null): void {
  useSession.setState({ user, status: 'ready' });
}

/**
 * POST /api/login. Toasts success or failure; rethrows the error on failure. An account with two-factor
 * sign-in answers a challenge instead of the user: nobody is signed in until completeTwoFactorLogin.
 */
export async function login(credentials: LoginInput): Promise<CurrentUser | TwoFactorChallenge> {
  try {
    const answer = await api.post('/api/login', credentials, { answer: 'loginAnswerSchema' });
    if ('twoFactorRequired' in answer) return answer;
    signedIn(answer);
    return answer;
  } catch (error) {
    toast({
      title: 'Login failed',
      description: errorMessage(error, 'Please check your credentials and try again'),
      variant: 'destructive',
    });
    throw error;
  }
}

/** POST /api/login/two-factor: the second step of a sign-in. The screen shows a failure itself (rethrown, not toasted). */
export async function completeTwoFactorLogin(code: string): Promise<CurrentUser> {
  const user = await api.post('/api/login/two-factor', { code }, { answer: 'currentUserSchema' });
  signedIn(user);
  return user;
}

function signedIn(user: CurrentUser): void {
  useSession.setState({ newAccount: false });
  setCurrentUser(user);
  toast({ title: 'Login successful', description: 'Welcome back!' });
  void loadCurrentUser();
}

/** POST /api/register (signs the new user in). Toasts success or failure; rethrows on failure. */
export async function register(payload: RegisterPayload): Promise<CurrentUser> {
  try {
    const user = await api.post('/api/register', payload, { answer: 'currentUserSchema' });
    useSession.setState({ newAccount: true });
    setCurrentUser(user);
    toast({ title: 'Registration successful', description: 'Your account has been created' });
    void loadCurrentUser();
    return user;
  } catch (error) {
    toast({ title: 'Registration failed', description: errorMessage(error), variant: 'destructive' });
    throw error;
  }
}

/**
 * POST /api/logout, then clears the user and all cached data. Resolves true on success
 * and false on failure (the failure is toasted).
 */
export async function logout(): Promise<boolean> {
  try {
    await api.post('/api/logout');
  } catch (error) {
    toast({ title: 'Logout failed', description: errorMessage(error), variant: 'destructive' });
    return false;
  }
  useSession.setState({ newAccount: false });
  setCurrentUser(null); // the cache and the notifications go with the user (above)
  toast({ title: 'Logged out', description: 'You have been successfully logged out' });
  return true;
}

/** The role check of the route guard (docs/spec/customer-side.md §2.2): barber routes admit admin too. */
export function roleAllows(required: Role, role: Role): boolean {
  if (required === 'admin') return role === 'admin';
  if (required === 'barber') return role === 'barber' || role === 'admin';
  return role === 'customer' || role === 'admin';
}
