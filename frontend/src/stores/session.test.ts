import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, userOf } from '../test/app';
import { loadCurrentUser, useSession } from './session';

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
