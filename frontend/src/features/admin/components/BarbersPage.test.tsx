// @vitest-environment happy-dom
import '../../../test/dom';
import type { AdminBarber } from '@barber/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/queryClient';
import { fakeApi, signedInForEachTest, userOf } from '../../../test/app';
import { BarbersPage } from './BarbersPage';

signedInForEachTest(userOf('admin', 1));

const barber = (id: number): AdminBarber => ({
  id,
  bio: '',
  yearsOfExperience: 4,
  cities: ['miami'],
  portfolioImages: [],
  isVerified: false,
  verificationStatus: 'pending',
  rating: 4.5,
  reviewCount: 2,
  createdAt: '2026-11-01T10:00:00.000Z',
  user: {
    id: id + 100,
    fullName: `Barber ${id}`,
    username: `b${id}`,
    email: `b${id}@example.test`,
    phone: null,
    role: 'barber',
  },
});

/** The server of 11 barbers waiting for verification: GET (by status, a page at a time) and PUT verify. */
function pendingBarbersApi() {
  const all = Array.from({ length: 11 }, (_, i) => barber(i + 1));
  return fakeApi(({ method, path, body }) => {
    const url = new URL(path, 'http://localhost');
    if (method === 'GET' && url.pathname === '/api/admin/barbers') {
      const status = url.searchParams.get('status');
      const limit = Number(url.searchParams.get('limit'));
      const offset = Number(url.searchParams.get('offset'));
      const listed = all.filter((b) => status !== 'pending' || !b.isVerified);
      return { status: 200, body: { barbers: listed.slice(offset, offset + limit), total: listed.length } };
    }
    const verify = /^\/api\/admin\/barbers\/(\d+)\/verify$/.exec(url.pathname);
    if (method === 'PUT' && verify) {
      const found = all.find((b) => b.id === Number(verify[1]))!;
      found.isVerified = (body as { isVerified: boolean }).isVerified;
      found.verificationStatus = found.isVerified ? 'approved' : 'pending';
      return { status: 200, body: found };
    }
    return undefined;
  });
}

describe('Manage Barbers, paging', () => {
  it('goes back to the last page when the page shown empties (its only barber verified)', async () => {
    pendingBarbersApi();
    render(
      <QueryClientProvider client={queryClient}>
        <BarbersPage />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Pending Verification' }));
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    // the list is drawn twice (cards for phones, a table for desktops: CSS shows one): take the first
    await user.click((await screen.findAllByRole('button', { name: 'Verify Barber 11' }))[0]!);

    // page 2 is gone (10 left: one page): the first page shows, not "No barbers pending verification"
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Verify Barber 1' }).length).toBeGreaterThan(0));
    expect(screen.queryByText('No barbers pending verification')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Verify Barber 11' })).toBeNull();
  }, 20_000);
});

describe('Manage Barbers, tabs', () => {
  it("shows no other tab's barbers while a tab's own list is read", async () => {
    const verified = { ...barber(1), isVerified: true, verificationStatus: 'approved' as const };
    fakeApi(({ method, path }) => {
      const url = new URL(path, 'http://localhost');
      if (method !== 'GET' || url.pathname !== '/api/admin/barbers') return undefined;
      const pending = url.searchParams.get('status') === 'pending';
      const barbers = pending ? [barber(2)] : [verified, barber(2)];
      return { status: 200, body: { barbers, total: barbers.length } };
    });
    const answer = globalThis.fetch;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('status=pending')) await held;
      return answer(input, init);
    });
    render(
      <QueryClientProvider client={queryClient}>
        <BarbersPage />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await screen.findAllByText('Barber 1');
    await user.click(screen.getByRole('tab', { name: 'Pending Verification' }));
    expect(screen.queryAllByText('Barber 1')).toHaveLength(0); // verified: not on this tab, even for a moment
    release();
    await waitFor(() => expect(screen.getAllByText('Barber 2').length).toBeGreaterThan(0));
    expect(screen.queryAllByText('Barber 1')).toHaveLength(0);
  });
});
