import type { CurrentUser } from '@barber/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { api } from '../../../lib/api';
import { logout, register, useSession } from '../../../stores/session';
import { SignedInBanner } from './SignedInBanner';

/* Issue 11 item 7: an account made a minute ago was greeted "Welcome back". */

const text = (newAccount: boolean) =>
  renderToStaticMarkup(
    <Router ssrPath="/">
      <SignedInBanner name="Ana Diaz" newAccount={newAccount} />
    </Router>,
  ).replace(/<[^>]+>/g, ' ');

afterEach(() => vi.restoreAllMocks());

describe('SignedInBanner', () => {
  it('greets a new account as new', () => {
    const html = text(true);
    expect(html).toContain('Welcome, Ana Diaz');
    expect(html).not.toContain('Welcome back');
  });

  it('greets a returning customer with "Welcome back"', () => {
    expect(text(false)).toContain('Welcome back, Ana Diaz');
  });

  it('knows a new account from registering, and forgets it at sign-out', async () => {
    const ana = { id: 1, username: 'ana', fullName: 'Ana Diaz', role: 'customer' } as unknown as CurrentUser;
    vi.spyOn(api, 'post').mockResolvedValue(ana);
    vi.spyOn(api, 'get').mockResolvedValue(ana);
    await register({
      username: 'ana',
      email: 'ana@example.com',
      password: 'secret12',
      fullName: 'Ana Diaz',
      isBarber: false,
    });
    expect(useSession.getState().newAccount).toBe(true);
    await logout();
    expect(useSession.getState().newAccount).toBe(false);
  });
});
