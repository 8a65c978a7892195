import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, userOf } from '../test/app';
import { api } from '../lib/api';
import { queryClient } from '../lib/queryClient';
import { loadCurrentUser, setCurrentUser, useSession } from './session';

const toast = vi.hoisted(() => vi.fn());
vi.mock('../components/ui/toast', () => ({ toast }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const answering = (status: number) =>
  fakeApi(({ path }) =>
    path === '/api/current-user' ? { status, body: { message: 'refused', code: 'X' } } : undefined,
  );

describe('loadCurrentUser', () => {
  it('keeps the signed-in user when the check fails for another reason than a 401', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userOf('customer', 3);
    useSession.setState({ user, status: 'ready' });
    for (const status of [429, 500, 503]) {
      answering(status);
      expect(await loadCurrentUser()).toEqual(user);
      expect(useSession.getState().user).toEqual(user);
    }
    answering(401);
    expect(await loadCurrentUser()).toBeNull();
    expect(useSession.getState()).toMatchObject({ user: null, status: 'ready' });
  });
});

describe('the cache of a signed-in user', () => {
  it('goes when the session ends without a logout or another user signs in, and stays through a profile change', async () => {
    const barber = userOf('barber', 7);
    useSession.setState({ user: barber, status: 'ready' });
    queryClient.setQueryData(['/api/barber/services'], [{ id: 1, name: 'A-cut' }]);
    setCurrentUser({ ...barber, fullName: 'Renamed Barber' });
    expect(queryClient.getQueryData(['/api/barber/services'])).toEqual([{ id: 1, name: 'A-cut' }]);

    answering(401); // signed out in another tab
    expect(await loadCurrentUser()).toBeNull();
    expect(queryClient.getQueryData(['/api/barber/services'])).toBeUndefined();

    setCurrentUser(barber);
    queryClient.setQueryData(['/api/barber/services'], [{ id: 1, name: 'A-cut' }]);
    setCurrentUser(userOf('barber', 8)); // another barber signs in on the same tab
    expect(queryClient.getQueryData(['/api/barber/services'])).toBeUndefined();
  });
});

describe('a session that ends elsewhere', () => {
  it('is learnt from the first call refused as signed out: the user is gone, with a notice', async () => {
    const user = userOf('barber', 9);
    useSession.setState({ user, status: 'ready' });
    const { requests } = fakeApi(({ path }) =>
      path === '/api/current-user' || path === '/api/barbers/9'
        ? { status: 401, body: { message: 'Please sign in to continue.', code: 'UNAUTHENTICATED' } }
        : undefined,
    );
    await expect(api.put('/api/barbers/9', { bio: 'A long bio' })).rejects.toMatchObject({ status: 401 });
    await vi.waitFor(() => expect(useSession.getState().user).toBeNull());
    expect(requests.filter((r) => r.path === '/api/current-user')).toHaveLength(1);
    expect(toast).toHaveBeenCalledWith({
      title: 'Authentication required',
      description: 'Please sign in to continue.',
      variant: 'destructive',
    });
  });
});
