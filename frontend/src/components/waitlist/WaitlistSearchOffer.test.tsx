// @vitest-environment happy-dom
import '../../test/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { queryClient } from '../../lib/queryClient';
import { fakeApi, signedInForEachTest, userOf } from '../../test/app';
import { WaitlistSearchOffer } from './WaitlistSearchOffer';

vi.mock('socket.io-client', () => import('../../test/socketStub'));

/*
 * "Notify me" under an empty search of a category waited for the barber's shortest service of any kind:
 * a customer who searched a haircut was told of a 15-minute opening, too short for any haircut.
 */

signedInForEachTest(userOf('customer', 10));

function renderOffer(category: string | undefined) {
  const { requests } = fakeApi(({ method, path }) => {
    if (method === 'GET' && path.startsWith('/api/waitlist/full-barbers?')) {
      // the server names the barber's shortest active service of a searched category
      return { status: 200, body: { barbers: [{ id: 5, name: 'Marcus Lee', serviceId: category ? 14 : null }] } };
    }
    if (method === 'POST' && path === '/api/waitlist') {
      return {
        status: 201,
        body: {
          entry: {
            id: 1,
            barberId: 5,
            barberName: 'Marcus Lee',
            serviceId: null,
            serviceName: null,
            date: '2099-11-26',
            startTime: null,
            endTime: null,
            zipcode: '33139',
            status: 'waiting',
            notifiedAt: null,
            notifiedSlot: null,
            createdAt: '2026-11-22T15:00:00.000Z',
          },
        },
      };
    }
    return undefined;
  });
  const location = memoryLocation({ path: '/search', record: true });
  render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <WaitlistSearchOffer zipcode="33139" date="2099-11-26" category={category} />
      </Router>
    </QueryClientProvider>,
  );
  return requests;
}

const joined = (requests: { method: string; path: string; body: unknown }[]) =>
  requests.filter((r) => r.method === 'POST' && r.path === '/api/waitlist').map((r) => r.body);

describe('WaitlistSearchOffer', () => {
  it('waits for the service the server names for the searched category', async () => {
    const requests = renderOffer('haircut');
    await userEvent.click(await screen.findByRole('button', { name: 'Notify me when a slot opens: Marcus Lee' }));
    await screen.findByText(/You are on the waitlist of Marcus Lee/);
    expect(joined(requests)).toHaveLength(1);
    expect(joined(requests)[0]).toEqual({ barberId: 5, date: '2099-11-26', serviceId: 14, zipcode: '33139' });
  });

  it('waits for any service when the search asked for all services', async () => {
    const requests = renderOffer(undefined);
    await userEvent.click(await screen.findByRole('button', { name: 'Notify me when a slot opens: Marcus Lee' }));
    await screen.findByText(/You are on the waitlist of Marcus Lee/);
    expect(joined(requests)).toHaveLength(1);
    expect(joined(requests)[0]).toEqual({ barberId: 5, date: '2099-11-26', zipcode: '33139' });
  });
});
