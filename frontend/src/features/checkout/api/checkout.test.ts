// @vitest-environment happy-dom
import '../../../test/dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BookingView } from '@barber/shared';
import { queryClient } from '../../../lib/queryClient';
import { fakeApi } from '../../../test/app';
import { bookingView } from '../../../test/booking';
import { bookingKey, saveContactDetails } from './checkout';

const details = { customerPhone: '3055550100', customerAddress: '1 Ocean Dr, Miami Beach, FL 33139' };

beforeEach(() => queryClient.clear());

describe('saving the contact details', () => {
  it('keeps a newer version pushed before its answer: a booking cancelled meanwhile is not shown pending again', async () => {
    const saved = bookingView({ id: 'b1', version: 2, status: 'pending', detailsSaved: true });
    const cancelled = bookingView({ id: 'b1', version: 3, status: 'cancelled' });
    fakeApi(({ method, path }) =>
      method === 'PUT' && path === '/api/bookings/b1/status' ? { status: 200, body: { booking: saved } } : undefined,
    );
    queryClient.setQueryData(bookingKey('b1'), { booking: cancelled });
    await saveContactDetails('b1', details);
    expect(queryClient.getQueryData<{ booking: BookingView }>(bookingKey('b1'))?.booking).toEqual(cancelled);
  });

  it('shows its answer over the version held before', async () => {
    const before = bookingView({ id: 'b2', version: 1, status: 'pending', detailsSaved: false });
    const saved = bookingView({ id: 'b2', version: 2, status: 'pending', detailsSaved: true });
    fakeApi(({ method, path }) =>
      method === 'PUT' && path === '/api/bookings/b2/status' ? { status: 200, body: { booking: saved } } : undefined,
    );
    queryClient.setQueryData(bookingKey('b2'), { booking: before });
    await saveContactDetails('b2', details);
    expect(queryClient.getQueryData<{ booking: BookingView }>(bookingKey('b2'))?.booking).toEqual(saved);
  });
});
