// @vitest-environment happy-dom
import '../../../../test/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { BookingView } from '@barber/shared';
import { queryClient } from '../../../../lib/queryClient';
import { bookingView } from '../../../../test/booking';
import { UpcomingList } from './UpcomingList';

const PAGE_SIZE = 50;

/** 50 upcoming appointments, one page of them. */
const firstPage: BookingView[] = Array.from({ length: PAGE_SIZE }, (_, i) =>
  bookingView({ id: `a${i + 1}`, date: '2099-01-10', startTime: `${String(8 + (i % 10)).padStart(2, '0')}:00` }),
);

/**
 * The appointments screen as far as paging goes: page 2 held the 51st appointment, which has just left (moved
 * to another day, say): it is empty now, and 50 are left in all.
 */
function Screen({ onPage }: { onPage: (page: number) => void }) {
  const [page, setPage] = useState(2);
  return (
    <UpcomingList
      bookings={page === 1 ? firstPage : []}
      isLoading={false}
      total={PAGE_SIZE}
      page={page}
      pageSize={PAGE_SIZE}
      onPage={(p) => {
        onPage(p);
        setPage(p);
      }}
      filtered={false}
      onOpen={() => {}}
      onAction={() => {}}
    />
  );
}

describe('Upcoming appointments, paging', () => {
  it('an emptied page past the last one goes to the last page instead of a dead end', async () => {
    const onPage = vi.fn();
    render(
      <QueryClientProvider client={queryClient}>
        <Screen onPage={onPage} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('appointment-a1')).toBeTruthy());
    expect(onPage).toHaveBeenCalledWith(1);
    expect(screen.queryByText('No appointments')).toBeNull();
    expect(screen.getByText('Showing 1-50 of 50 appointments')).toBeTruthy();
  });

  it('goes to page 1 when no appointment is left, and leaves a page within the list alone', () => {
    const onPage = vi.fn();
    const list = (page: number, total: number) => (
      <QueryClientProvider client={queryClient}>
        <UpcomingList
          bookings={[]}
          isLoading={false}
          total={total}
          page={page}
          pageSize={PAGE_SIZE}
          onPage={onPage}
          filtered={false}
          onOpen={() => {}}
          onAction={() => {}}
        />
      </QueryClientProvider>
    );
    const view = render(list(3, 0));
    expect(onPage).toHaveBeenLastCalledWith(1);
    onPage.mockClear();
    // page 3 of 101 (3 pages) is not past the end
    view.rerender(list(3, 101));
    expect(onPage).not.toHaveBeenCalled();
    // 4 of 101: past the end
    view.rerender(list(4, 101));
    expect(onPage).toHaveBeenLastCalledWith(3);
  });
});
