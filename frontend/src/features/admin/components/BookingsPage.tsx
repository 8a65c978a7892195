import { useEffect, useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { CalendarX, Filter, X } from 'lucide-react';
import { ADMIN_BOOKING_STATUS_LABELS, type BookingStatus, type BookingView } from '@barber/shared';
import { Pagination } from '../../../components/Pagination';
import { Button } from '../../../components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PageHeader } from '../../../components/ui/PageTitle';
import { Tabs, TabsContent } from '../../../components/ui/Tabs';
import { useDebounced } from '../../../lib/useDebounced';
import { ADMIN_BOOKINGS_PAGE_SIZE, useAdminBookingsPage } from '../api/bookings';
import { useAdminLive } from '../api/live';
import { latestOf } from '../../../stores/liveCollection';
import { useAdminBookings, useHoldAdminBooking } from '../stores/bookings';
import { pageCount, pageList } from '../lib/pagination';
import { BookingCards, BookingsTable } from './bookings/BookingRows';
import { BookingDetailsDialog } from './bookings/BookingDetailsDialog';
import { FiltersDialog, filterLabels, type ListFilters } from './bookings/FiltersDialog';
import { ErrorNotice } from '../../../components/ui/ErrorNotice';
import { ListTabs, ListToolbar, LoadingRows, TableOrCards } from './controls';

type Tab = 'all' | Extract<BookingStatus, 'pending' | 'confirmed' | 'completed' | 'cancelled'>;

const tabs: { value: Tab; label: string }[] = [
  { value: 'all', label: 'All Bookings' },
  { value: 'pending', label: 'Pending' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
];

const tabOf = (status: BookingStatus | undefined): Tab =>
  tabs.some((t) => t.value === status) ? (status as Tab) : 'all';

/**
 * Bookings management (barber-and-admin spec "Admin bookings"), rows updated live. Search (customer,
 * barber or booking id; also from the header's search box, ?q=) and the Filters dialog (status, dates,
 * barber, region) are applied by the server over every booking, not the fetched page.
 */
export function BookingsPage() {
  useAdminLive();
  const urlQuery = new URLSearchParams(useSearch()).get('q') ?? '';
  const [search, setSearch] = useState(urlQuery);
  const [filters, setFilters] = useState<ListFilters>({});
  const [barberName, setBarberName] = useState<string>();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<BookingView | null>(null);
  const q = useDebounced(search).trim();

  // A search from the header's box while this screen is open.
  useEffect(() => setSearch(urlQuery), [urlQuery]);
  useEffect(() => setPage(1), [q, filters]);

  const tab = tabOf(filters.status);
  const query = useAdminBookingsPage(page, { ...filters, q: q || undefined });
  // the page in the newest versions pushed or answered since it was read
  const byId = useAdminBookings((s) => s.byId);
  // ...less those whose newer version left the status shown (paid, cancelled meanwhile)
  const rows = useMemo(
    () => latestOf(byId, query.data?.bookings ?? []).filter((b) => !filters.status || b.status === filters.status),
    [byId, query.data, filters.status],
  );
  const pages = pageCount(query.data?.total ?? 0, ADMIN_BOOKINGS_PAGE_SIZE);
  // The dialog follows live changes of the booking it shows, also once they took it off the tab's list.
  const shown = viewing ? latestOf(byId, [viewing])[0]! : null;
  // ...which the bounded collection keeps while the dialog is open, however old the booking
  useHoldAdminBooking(viewing?.id ?? null);

  // A status with a tab shows as the tab, not as a chip; one without (en route, say) as a chip beside "All Bookings".
  const chips = filterLabels(filters, barberName).filter((c) => c.key !== 'status' || tab === 'all');
  const narrowed = chips.some((c) => c.key !== 'status') || q !== '';
  const statusLabel = filters.status ? ADMIN_BOOKING_STATUS_LABELS[filters.status] : null;

  const changeTab = (value: string) =>
    setFilters({ ...filters, status: value === 'all' ? undefined : (value as BookingStatus) });

  // The tab's status is not a filter (no chip, not counted): the tab stays; a status without a tab goes.
  const clearFilters = () => setFilters(tab === 'all' ? {} : { status: filters.status });
  const description = statusLabel ? `${statusLabel} bookings` : 'All bookings on the platform';

  let body;
  // Also while another tab, filter, search or page is read: the former answer is not shown under the new heading.
  if (query.isPending || query.isPlaceholderData)
    body = <LoadingRows label="Loading bookings" count={6} rowClassName="h-16 w-full" testId="bookings-skeleton" />;
  else if (query.isError) body = <ErrorNotice title="Failed to load bookings." onRetry={() => void query.refetch()} />;
  else if (rows.length === 0) {
    body = (
      <EmptyState
        icon={<CalendarX />}
        headingLevel={3}
        className="border-0"
        title="No bookings found"
        description={
          narrowed
            ? 'No bookings match your search or filters.'
            : statusLabel
              ? `No ${statusLabel.toLowerCase()} bookings found.`
              : 'No bookings have been made yet.'
        }
      />
    );
  } else {
    body = (
      <>
        <TableOrCards
          table={<BookingsTable bookings={rows} onView={setViewing} />}
          cards={<BookingCards bookings={rows} onView={setViewing} />}
        />
      </>
    );
  }

  return (
    <div className="space-y-6">
      <PageHeader title="Bookings Management" description="Monitor and manage all platform bookings" />
      <ListToolbar searchLabel="Search bookings" placeholder="Search bookings..." search={search} onSearch={setSearch}>
        <Button variant="outline" onClick={() => setFiltersOpen(true)} aria-haspopup="dialog">
          <Filter aria-hidden="true" />
          Filters{chips.length ? ` (${chips.length})` : ''}
        </Button>
      </ListToolbar>
      {chips.length ? (
        <div
          className="flex flex-wrap items-center gap-2"
          aria-label="Active filters"
          role="group"
          data-testid="active-filters"
        >
          {chips.map((chip) => (
            <span
              key={chip.key}
              className="inline-flex items-center gap-1 rounded-full border border-zinc-300 bg-white py-1 pl-3 pr-1 text-sm text-zinc-900"
            >
              {chip.label}
              <button
                type="button"
                className="rounded-full p-1 text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900"
                aria-label={`Remove filter ${chip.label}`}
                onClick={() => setFilters({ ...filters, [chip.key]: undefined })}
              >
                <X className="size-3" aria-hidden="true" />
              </button>
            </span>
          ))}
          <Button variant="link" size="sm" onClick={clearFilters}>
            Clear filters
          </Button>
        </div>
      ) : null}
      <Tabs value={tab} onValueChange={changeTab}>
        <ListTabs tabs={tabs} />
        {tabs.map((t) => (
          <TabsContent key={t.value} value={t.value} className="mt-4">
            <Card>
              <CardHeader>
                <CardTitle className="text-lg">Booking List</CardTitle>
                <CardDescription>
                  {description}
                  {query.data && narrowed ? ` · ${query.data.total} found` : ''}
                </CardDescription>
              </CardHeader>
              <CardContent className="space-y-4 px-3 md:px-4" aria-busy={query.isFetching}>
                {body}
                <Pagination
                  label="Bookings pages"
                  compactLabels
                  page={page}
                  pages={pages}
                  items={pageList(page, pages)}
                  onPage={(p) => setPage(Math.min(Math.max(1, p), pages))}
                />
              </CardContent>
            </Card>
          </TabsContent>
        ))}
      </Tabs>
      <FiltersDialog
        open={filtersOpen}
        onOpenChange={setFiltersOpen}
        value={filters}
        onApply={(applied, name) => {
          setFilters(applied);
          setBarberName(name);
        }}
      />
      <BookingDetailsDialog booking={shown} onClose={() => setViewing(null)} />
    </div>
  );
}
