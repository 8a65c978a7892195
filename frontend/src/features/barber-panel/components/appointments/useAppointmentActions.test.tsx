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

  it('closes the confirm dialog and reads the bookings again when the booking changed meanwhile (a retry was refused the same way)', async () => {
    const booking = bookingView({ id: 'b2', version: 4, status: 'confirmed' });
    const { requests } = fakeApi(({ method, path }) =>
      method === 'PUT' && path === '/api/bookings/b2/update'
        ? {
            status: 409,
            body: {
              code: 'VERSION_CONFLICT',
              message: 'This booking was changed by someone else. Reload and try again.',
            },
          }
        : path.startsWith('/api/barber-bookings')
          ? { status: 200, body: { bookings: [] } }
          : undefined,
    );
    queryClient.setQueryData(['/api/barber-bookings'], { bookings: [booking] });
    const { result } = renderHook(() => useAppointmentActions(), { wrapper });
    act(() =>
      result.current.openConfirm(booking, {
        target: 'en_route',
        label: 'En Route',
        dialogTitle: 'Mark as En Route',
        requiresReason: false,
      }),
    );
    act(() => result.current.submitConfirm(undefined, 20));
    await waitFor(() => expect(result.current.confirmTarget).toBeNull());
    expect(queryClient.getQueryState(['/api/barber-bookings'])?.isInvalidated).toBe(true);
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });
});
