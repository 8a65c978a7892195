import { useMemo, useState } from 'react';
import { todayLocal } from '@barber/shared';
import { Button } from '../../../components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/Card';
import { PageHeader } from '../../../components/ui/PageTitle';
import { errorMessage } from '../../../lib/api';
import { PAGE_SIZE, useBarberBookings } from '../api/bookings';
import { useCalendarMarks } from '../api/bookingDates';
import type { ActingBarber } from '../api/scope';
import { monthGrid, monthOf } from '../lib/calendar';
import { formatDateLong } from '../lib/format';
import { useAppointments } from '../stores/appointments';
import { useLiveAppointments } from '../stores/useLiveAppointments';
import { AppointmentDetailsDialog } from './appointments/AppointmentDetailsDialog';
import { MonthCalendar } from './appointments/MonthCalendar';
import { useWaitlistCounts } from '../api/waitlistCounts';
import { PastAppointments } from './appointments/PastAppointments';
import { StatusChangeDialog } from './appointments/StatusChangeDialog';
import { UpcomingList } from './appointments/UpcomingList';
import { useAppointmentActions } from './appointments/useAppointmentActions';
import { useUpcomingView } from './appointments/useUpcomingView';
import { ErrorState } from './common/ErrorState';
import { LiveIndicator } from '../../../components/LiveIndicator';
import { PanelScope } from './common/PanelScope';

/** Barber appointments (docs/spec/barber-and-admin.md §2): calendar, upcoming list, quick actions, details, past. */
export function AppointmentsPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="Appointments" description="Manage your upcoming and past appointments" />
      <PanelScope>{(acting) => <AppointmentsScreen key={acting.barberId ?? 'own'} acting={acting} />}</PanelScope>
    </div>
  );
}

function AppointmentsScreen({ acting }: { acting: ActingBarber }) {
  const today = todayLocal();
  const barberId = acting.params.barberId;
  const [selectedDate, setSelectedDate] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [month, setMonth] = useState(() => monthOf(today));
  useLiveAppointments(acting.barberId);

  const list = useBarberBookings({ date: selectedDate, page, barberId });
  // the days with bookings of the shown month, past ones included (issue 11 item 11)
  const markers = useCalendarMarks({ year: month.year, month: month.month, barberId, enabled: acting.ready });
  const view = useUpcomingView({
    pageBookings: list.data?.bookings,
    total: list.data?.total ?? 0,
    page,
    pageSize: PAGE_SIZE,
    date: selectedDate,
    today,
    barberId: acting.barberId,
  });
  const actions = useAppointmentActions();
  // how many wait for each day of the shown grid (the waitlist, issue 13)
  const grid = useMemo(() => monthGrid(month.year, month.month), [month.year, month.month]);
  const waitlistCounts = useWaitlistCounts({
    from: grid[0]!.date,
    to: grid[grid.length - 1]!.date,
    barberId,
    enabled: acting.ready,
  });

  const byId = useAppointments((s) => s.byId);
  const markedDates = useMemo(() => {
    const dates = new Set<string>(markers.dates);
    for (const b of Object.values(byId)) {
      if (acting.barberId === null || b.barberId === acting.barberId) dates.add(b.date);
    }
    return dates;
  }, [byId, acting.barberId, markers.dates]);

  const details = actions.detailsId ? (byId[actions.detailsId] ?? null) : null;

  return (
    <>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <div className="space-y-3">
          <MonthCalendar
            year={month.year}
            month={month.month}
            onMonthChange={setMonth}
            selectedDate={selectedDate}
            onSelectDate={(date) => {
              setSelectedDate(date);
              setPage(1);
            }}
            markedDates={markedDates}
            today={today}
            waitlistCounts={waitlistCounts}
          />
          {markers.isError ? (
            <p role="alert" className="flex items-center gap-2 text-sm text-zinc-700">
              Calendar markers could not be loaded.
              <Button variant="link" size="sm" onClick={() => void markers.refetch()}>
                Retry
              </Button>
            </p>
          ) : null}
        </div>

        <Card>
          <CardHeader className="flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex flex-wrap items-center gap-3">
              <CardTitle className="text-lg">
                {selectedDate ? `Appointments on ${formatDateLong(selectedDate)}` : 'Upcoming Appointments'}
              </CardTitle>
              <LiveIndicator />
            </div>
            {selectedDate ? (
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  setSelectedDate(null);
                  setPage(1);
                }}
              >
                Show All Upcoming
              </Button>
            ) : null}
          </CardHeader>
          <CardContent className="px-3 sm:px-6">
            {list.isError ? (
              <ErrorState
                title="Error Loading Bookings"
                headingLevel={3}
                message={errorMessage(list.error)}
                onRetry={() => void list.refetch()}
              />
            ) : (
              <UpcomingList
                bookings={view.bookings}
                isLoading={list.isLoading}
                total={view.total}
                page={page}
                pageSize={PAGE_SIZE}
                onPage={(p) => {
                  setPage(p);
                  document.getElementById('main')?.scrollTo?.({ top: 0 });
                }}
                filtered={selectedDate !== null}
                onOpen={actions.openDetails}
                onAction={actions.openConfirm}
              />
            )}
          </CardContent>
        </Card>
      </div>

      <PastAppointments barberId={barberId} onOpen={actions.openDetails} />

      <StatusChangeDialog
        target={actions.confirmTarget}
        onClose={actions.closeConfirm}
        onSubmit={actions.submitConfirm}
        pending={actions.statusPending}
      />
      <AppointmentDetailsDialog
        booking={details}
        onClose={actions.closeDetails}
        onSave={actions.saveDetails}
        pending={actions.detailsPending}
      />
    </>
  );
}
