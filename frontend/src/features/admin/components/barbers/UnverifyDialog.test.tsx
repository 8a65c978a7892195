// @vitest-environment happy-dom
import '../../../../test/dom';
import type { AdminBarber } from '@barber/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { currentUserRoute, fakeApi, renderApp, userOf } from '../../../../test/app';
import { quietConsole } from '../../../../test/quietConsole';

/* Issue 11 item 16: unverifying delists a barber, so Manage Barbers asks first; verifying does not. */

vi.mock('socket.io-client', () => import('../../../../test/socketStub'));

// calls of the admin shell this test does not answer (notifications, live status) are logged: quiet them
quietConsole();

const barber = (id: number, fullName: string, isVerified: boolean): AdminBarber => ({
  id,
  bio: '',
  yearsOfExperience: 4,
  cities: ['miami'],
  portfolioImages: [],
  isVerified,
  verificationStatus: isVerified ? 'approved' : 'pending',
  rating: 4.5,
  reviewCount: 2,
  createdAt: '2026-11-01T10:00:00.000Z',
  user: { id: id + 100, fullName, username: `b${id}`, email: `b${id}@example.test`, phone: null, role: 'barber' },
});

function barbersApi() {
  const list = [barber(1, 'Diego Alvarez', true), barber(2, 'Ethan Price', false)];
  return fakeApi(
    currentUserRoute(() => userOf('admin', 1)),
    ({ method, path, body }) => {
      if (method === 'GET' && path.startsWith('/api/admin/barbers?')) {
        return { status: 200, body: { barbers: list, total: list.length } };
      }
      const verify = /^\/api\/admin\/barbers\/(\d+)\/verify$/.exec(path);
      if (method === 'PUT' && verify) {
        const found = list.find((b) => b.id === Number(verify[1]))!;
        found.isVerified = (body as { isVerified: boolean }).isVerified;
        return { status: 200, body: found };
      }
      return undefined;
    },
  );
}

const verifyCalls = (requests: { method: string; path: string; body: unknown }[]) =>
  requests.filter((r) => r.method === 'PUT' && r.path.endsWith('/verify'));

describe('Manage Barbers: unverify', () => {
  it('asks before unverifying, sends nothing on Cancel, and unverifies on confirm', async () => {
    const { requests } = barbersApi();
    renderApp('/admin/barbers');
    const user = userEvent.setup();

    // the list is drawn twice (cards for phones, a table for desktops: CSS shows one): take the first
    await user.click(
      (await screen.findAllByRole('button', { name: 'Unverify Diego Alvarez' }, { timeout: 10_000 }))[0]!,
    );
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText('Unverify Diego Alvarez?');
    expect(verifyCalls(requests)).toEqual([]); // one click changes nothing

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(verifyCalls(requests)).toEqual([]);

    await user.click(screen.getAllByRole('button', { name: 'Unverify Diego Alvarez' })[0]!);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unverify' }));
    await waitFor(() =>
      expect(verifyCalls(requests)).toEqual([
        { method: 'PUT', path: '/api/admin/barbers/1/verify', body: { isVerified: false } },
      ]),
    );
  }, 20_000);

  it('verifies at once: verifying lists the barber again and needs no confirmation', async () => {
    const { requests } = barbersApi();
    renderApp('/admin/barbers');
    const user = userEvent.setup();

    await user.click((await screen.findAllByRole('button', { name: 'Verify Ethan Price' }, { timeout: 10_000 }))[0]!);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(verifyCalls(requests)).toEqual([
        { method: 'PUT', path: '/api/admin/barbers/2/verify', body: { isVerified: true } },
      ]),
    );
  }, 20_000);
});
