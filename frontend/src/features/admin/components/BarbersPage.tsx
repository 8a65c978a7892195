import { useState } from 'react';
import { Users } from 'lucide-react';
import type { AdminBarber } from '@barber/shared';
import { Pagination } from '../../../components/Pagination';
import { Card, CardContent } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PageHeader } from '../../../components/ui/PageTitle';
import { Tabs, TabsContent } from '../../../components/ui/Tabs';
import { useDebounced } from '../../../lib/useDebounced';
import { toast } from '../../../components/ui/toast';
import {
  ADMIN_BARBERS_PAGE_SIZE,
  adminBarbersParams,
  useAdminBarbers,
  useVerifyBarber,
  type BarberSort,
  type BarberTab,
} from '../api/barbers';
import { pageCount, pageWindow } from '../lib/pagination';
import { BarberCards, BarberTable, type BarberActions } from './barbers/BarberList';
import { PasswordDialog, type PasswordDialogKind } from './barbers/PasswordDialogs';
import { UnverifyDialog } from './barbers/UnverifyDialog';
import { ListTabs, ListToolbar, LoadingRows, Select, TableOrCards } from './controls';
import { ErrorNotice } from '../../../components/ui/ErrorNotice';

const tabs: { value: BarberTab; label: string; empty: string }[] = [
  { value: 'all', label: 'All Barbers', empty: 'No barbers found' },
  { value: 'verified', label: 'Verified', empty: 'No verified barbers' },
  { value: 'pending', label: 'Pending Verification', empty: 'No barbers pending verification' },
];

const sortOptions: { value: BarberSort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'name', label: 'Name' },
  { value: 'rating', label: 'Rating' },
];

/** Manage barbers (barber-and-admin spec "Admin manage barbers"). */
export function BarbersPage() {
  const [tab, setTab] = useState<BarberTab>('all');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<BarberSort>('newest');
  const [dialog, setDialog] = useState<{ kind: PasswordDialogKind; barber: AdminBarber } | null>(null);
  const [unverifying, setUnverifying] = useState<AdminBarber | null>(null);
  const debouncedSearch = useDebounced(search);
  // A new tab, search or sort starts again at page 1.
  const filterKey = `${tab}|${debouncedSearch.trim()}|${sort}`;
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  if (paging.key !== filterKey) setPaging({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ key: filterKey, page: next });

  const query = useAdminBarbers(adminBarbersParams(page, tab, debouncedSearch, sort));
  const verify = useVerifyBarber();
  const barbers = query.data?.barbers ?? [];
  const pages = pageCount(query.data?.total ?? 0, ADMIN_BARBERS_PAGE_SIZE);
  // A page that came back empty past the last one (its only barber verified, say, on Pending Verification) goes
  // to the last page, or to page 1 when none is left: the pager is drawn beside rows only, so there would be no
  // way back from it. Not while another page's answer stands in for this page's.
  if (query.data && !query.isPlaceholderData && barbers.length === 0 && page > pages) setPage(pages);

  const setVerified = (barber: AdminBarber, isVerified: boolean) => {
    const name = barber.user.fullName || barber.user.username;
    verify.mutate(
      { barber, isVerified },
      {
        onSuccess: () => {
          setUnverifying(null);
          toast({
            title: 'Barber updated',
            description: isVerified ? `${name} is now verified.` : `${name} is now pending verification.`,
          });
        },
        onError: () =>
          toast({
            title: 'Error',
            description: 'Failed to update barber verification status.',
            variant: 'destructive',
          }),
      },
    );
  };

  const actions: BarberActions = {
    // verifying is harmless; unverifying delists the barber, so it is confirmed first
    onToggleVerified: (barber) => (barber.isVerified ? setUnverifying(barber) : setVerified(barber, true)),
    onSetPassword: (barber) => setDialog({ kind: 'password', barber }),
    onResetAccount: (barber) => setDialog({ kind: 'reset', barber }),
  };

  const emptyTitle = debouncedSearch.trim() ? 'No barbers found' : tabs.find((t) => t.value === tab)!.empty;

  let body;
  if (query.isPending) {
    body = <LoadingRows label="Loading barbers" count={5} rowClassName="h-14 w-full" />;
  } else if (query.isError) {
    body = <ErrorNotice title="Could not load barbers" onRetry={() => void query.refetch()} />;
  } else if (barbers.length === 0) {
    body = <EmptyState icon={<Users />} title={emptyTitle} className="border-0" />;
  } else {
    body = (
      <>
        <TableOrCards
          table={<BarberTable barbers={barbers} actions={actions} />}
          cards={<BarberCards barbers={barbers} actions={actions} />}
        />
        <Pagination
          className="mt-4"
          label="Barbers pages"
          compactLabels
          page={page}
          pages={pages}
          items={pageWindow(page, pages, 3)}
          onPage={(p) => setPage(Math.min(Math.max(1, p), pages))}
        />
      </>
    );
  }

  return (
    <div className="space-y-6">
      <PageHeader title="Manage Barbers" description="Verify barbers and manage their accounts" />
      <ListToolbar
        searchLabel="Search barbers"
        placeholder="Search by name, username or email..."
        search={search}
        onSearch={setSearch}
      >
        <Select
          aria-label="Sort barbers"
          value={sort}
          onValueChange={(v) => setSort(v as BarberSort)}
          options={sortOptions}
          className="sm:w-44"
        />
      </ListToolbar>
      <Tabs value={tab} onValueChange={(v) => setTab(v as BarberTab)}>
        <ListTabs tabs={tabs} />
        {tabs.map((t) => (
          <TabsContent key={t.value} value={t.value} className="mt-4">
            <Card>
              <CardContent className="p-4 md:p-6" aria-busy={query.isFetching}>
                {body}
              </CardContent>
            </Card>
          </TabsContent>
        ))}
      </Tabs>
      <PasswordDialog
        kind={dialog?.kind ?? 'password'}
        barber={dialog?.barber ?? null}
        onClose={() => setDialog(null)}
      />
      <UnverifyDialog
        barber={unverifying}
        pending={verify.isPending}
        onClose={() => setUnverifying(null)}
        onConfirm={(barber) => setVerified(barber, false)}
      />
    </div>
  );
}
