import { useMemo, useState } from 'react';
import { CalendarX, Filter } from 'lucide-react';
import type { BookingStatus, BookingView } from '@barber/shared';
import { Pagination } from '../../../components/Pagination';
import { Button } from '../../../components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PageHeader } from '../../../components/ui/PageTitle';
import { Skeleton } from '../../../components/ui/Spinner';
import { Tabs, TabsContent } from '../../../components/ui/Tabs';
import { ADMIN_BOOKINGS_PAGE_SIZE, useAdminBookingsPage } from '../api/bookings';
import { useAdminLive } from '../api/live';
import { pageCount, pageList } from '../lib/pagination';
import { BookingCards, BookingsTable } from './bookings/BookingRows';
import { BookingDetailsDialog } from './bookings/BookingDetailsDialog';
import { matchesSearch } from './bookings/bookingText';
import { ListTabs, SearchField } from './controls';

type Tab = 'all' | Extract<BookingStatus, 'pending' | 'confirmed' | 'completed' | 'cancelled'>;

const tabs: { value: Tab; label: string }[] = [
  { value: 'all', label: 'All Bookings' },
  { value: 'pending', label: 'Pending' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
];

function LoadingRows() {
  return (
    <div className="space-y-3" aria-busy="true" aria-label="Loading bookings" data-testid="bookings-skeleton">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-16 w-full" />
      ))}
    </div>
  );
}

/** Bookings management (barber-and-admin spec "Admin bookings"): read-only, rows updated live. */
export function BookingsPage() {
  useAdminLive();
  const [tab, setTab] = useState<Tab>('all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<BookingView | null>(null);

  const status = tab === 'all' ? undefined : tab;
  const query = useAdminBookingsPage(page, status);
  const rows = useMemo(() => (query.data?.bookings ?? []).filter((b) => matchesSearch(b, search)), [query.data, search]);
  const pages = pageCount(query.data?.total ?? 0, ADMIN_BOOKINGS_PAGE_SIZE);
  const tabLabel = tabs.find((t) => t.value === tab)!.label;
  // The dialog follows live changes of the booking it shows.
  const shown = viewing ? (query.data?.bookings.find((b) => b.id === viewing.id) ?? viewing) : null;

  const changeTab = (value: string) => {
    setTab(value as Tab);
    setPage(1);
  };

  let body;
  if (query.isPending) body = <LoadingRows />;
  else if (query.isError) body = null; // spec: no message on a load failure
  else if (rows.length === 0) {
    body = (
      <EmptyState
        icon={<CalendarX />}
        headingLevel={3}
        className="border-0"
        title="No bookings found"
        description={
          search.trim()
            ? 'No bookings match your search.'
            : tab === 'all'
              ? 'No bookings have been made yet.'
              : `No ${tab} bookings found.`
        }
      />
    );
  } else {
    body = (
      <>
        <div className="hidden md:block">
          <BookingsTable bookings={rows} onView={setViewing} />
        </div>
        <div className="md:hidden">
          <BookingCards bookings={rows} onView={setViewing} />
        </div>
      </>
    );
  }

  return (
    <div className="space-y-6">
      <PageHeader title="Bookings Management" description="Monitor and manage all platform bookings" />
      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchField aria-label="Search bookings" placeholder="Search bookings..." value={search} onChange={setSearch} />
        <Button variant="outline">
          <Filter aria-hidden="true" />
          Filters
        </Button>
      </div>
      <Tabs value={tab} onValueChange={changeTab}>
        <ListTabs tabs={tabs} />
        {tabs.map((t) => (
          <TabsContent key={t.value} value={t.value} className="mt-4">
            <Card>
              <CardHeader>
                <CardTitle className="text-lg">Booking List</CardTitle>
                <CardDescription>{tab === 'all' ? 'All bookings on the platform' : `${tabLabel} bookings`}</CardDescription>
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
      <BookingDetailsDialog booking={shown} onClose={() => setViewing(null)} />
    </div>
  );
}
