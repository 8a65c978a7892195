import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, userOf } from '../test/app';
import { queryClient } from '../lib/queryClient';
import { loadCurrentUser, setCurrentUser, useSession } from './session';

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
