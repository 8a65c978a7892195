// @vitest-environment happy-dom
import '../../../../test/dom';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../../../lib/queryClient';
import { fakeApi, signedInForEachTest, userOf } from '../../../../test/app';
import { bookingView } from '../../../../test/booking';
import { useAppointmentActions } from './useAppointmentActions';

signedInForEachTest(userOf('barber', 7));

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

describe("the barber's changes of an appointment", () => {
  it('name the version shown, so that a booking changed meanwhile is refused rather than changed unseen', async () => {
    const booking = bookingView({ id: 'b1', version: 4, status: 'en_route' });
    const { requests } = fakeApi(({ method, path }) =>
      method === 'PUT' && path === '/api/bookings/b1/update'
        ? { status: 200, body: { booking: { ...booking, version: 5 } } }
        : undefined,
    );
    const { result } = renderHook(() => useAppointmentActions(), { wrapper });
    act(() => result.current.saveDetails(booking, { status: 'en_route', barberNotes: 'Gate code 12' }));
    act(() =>
      result.current.openConfirm(booking, {
        target: 'arrived',
        label: 'Arrived',
        dialogTitle: 'Mark Arrived',
        requiresReason: false,
      }),
    );
    act(() => result.current.submitConfirm(undefined));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(2));
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { expectedVersion: 4, status: 'en_route', barberNotes: 'Gate code 12' },
      { expectedVersion: 4, status: 'arrived' },
    ]);
  });
});
