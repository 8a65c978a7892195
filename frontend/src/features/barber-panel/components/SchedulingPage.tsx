import { useState } from 'react';
import type { AvailabilityBlock } from '@barber/shared';
import { CalendarClock, Plus } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PageHeader } from '../../../components/ui/PageTitle';
import { Skeleton } from '../../../components/ui/Spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/Tabs';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { formatTime, WEEKDAYS_LONG } from '../lib/format';
import { useAvailability, useAvailabilityMutations } from '../api/availability';
import { useBarberProfile, useProfileMutations } from '../api/profile';
import type { ActingBarber } from '../api/scope';
import { ErrorState } from './common/ErrorState';
import { DeleteDialog } from '../../../components/ui/DeleteDialog';
import { PanelScope } from './common/PanelScope';
import { BlacklistTab } from './scheduling/BlacklistTab';
import { TimeBlockDialog, type TimeBlockValues } from './scheduling/TimeBlockDialog';
import { TimeBlockList } from './scheduling/TimeBlockList';
import { WeeklyGrid } from './scheduling/WeeklyGrid';
import { ZipcodeCoverage } from './scheduling/ZipcodeCoverage';

/** Scheduling and service areas (docs/spec/barber-and-admin.md §2): time blocks, zipcode coverage and the blacklist. */
export function SchedulingPage() {
  return (
    <div>
      <PageHeader
        title="Scheduling & Service Areas"
        documentTitle="Scheduling"
        description="Set your weekly availability and the areas you travel to"
      />
      <PanelScope>{(acting) => <SchedulingScreen key={acting.barberId ?? 'own'} acting={acting} />}</PanelScope>
    </div>
  );
}

function SchedulingScreen({ acting }: { acting: ActingBarber }) {
  const blocksQuery = useAvailability(acting.params);
  const profileQuery = useBarberProfile(acting.params);
  const { create, update, remove } = useAvailabilityMutations(acting.params);
  const { saveBlacklist } = useProfileMutations(acting.params);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<AvailabilityBlock | null>(null);
  const [deleting, setDeleting] = useState<AvailabilityBlock | null>(null);

  const blocks = blocksQuery.data?.availability ?? [];
  const saveError = editing ? update.error : create.error;
  const blacklisted = profileQuery.data?.barber.blacklistedZipcodes ?? [];

  function openAdd() {
    create.reset();
    setEditing(null);
    setDialogOpen(true);
  }
  function openEdit(block: AvailabilityBlock) {
    update.reset();
    setEditing(block);
    setDialogOpen(true);
  }

  function submit(values: TimeBlockValues) {
    const block = {
      startTime: values.startTime,
      endTime: values.endTime,
      serviceCounties: values.serviceCounties as ('miami_dade' | 'broward' | 'palm_beach')[],
      serviceCities: values.serviceCities,
      travelBuffer: values.travelBuffer,
      isActive: values.isActive,
    };
    if (editing) {
      update.mutate(
        { id: editing.id, dayOfWeek: values.days[0] ?? editing.dayOfWeek, ...block },
        {
          onSuccess: () => {
            toast({ title: 'Time block updated successfully', variant: 'success' });
            setDialogOpen(false);
          },
          onError: (error) =>
            toast({ title: 'Failed to update time block', description: errorMessage(error), variant: 'destructive' }),
        },
      );
      return;
    }
    create.mutate(
      { daysOfWeek: values.days, ...block },
      {
        onSuccess: () => {
          toast({ title: 'Time block created successfully', variant: 'success' });
          setDialogOpen(false);
        },
        onError: (error) =>
          toast({ title: 'Failed to create time block', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  }

  let timeBlocks;
  if (blocksQuery.isLoading) {
    timeBlocks = <Skeleton className="h-96" />;
  } else if (blocksQuery.isError) {
    timeBlocks = (
      <ErrorState
        title="Error Loading Time Blocks"
        message={errorMessage(blocksQuery.error)}
        onRetry={() => void blocksQuery.refetch()}
      />
    );
  } else {
    timeBlocks = (
      <div className="space-y-4">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-zinc-700">Customers can book you inside these weekly blocks.</p>
          <Button onClick={openAdd}>
            <Plus aria-hidden="true" />
            Add Time Block
          </Button>
        </div>
        <WeeklyGrid blocks={blocks} onEdit={openEdit} />
        {blocks.length === 0 ? (
          <EmptyState
            icon={<CalendarClock />}
            headingLevel={3}
            title="No time blocks yet"
            description="Add a time block so customers can book you."
          />
        ) : (
          <TimeBlockList blocks={blocks} onEdit={openEdit} onDelete={setDeleting} />
        )}
        <ZipcodeCoverage counties={blocks.flatMap((b) => b.serviceCounties)} blacklisted={blacklisted} />
      </div>
    );
  }

  return (
    <>
      <Tabs defaultValue="blocks">
        <TabsList aria-label="Scheduling sections">
          <TabsTrigger value="blocks">Time Blocks</TabsTrigger>
          <TabsTrigger value="blacklist">Blacklisted Zipcodes</TabsTrigger>
        </TabsList>
        <TabsContent value="blocks">{timeBlocks}</TabsContent>
        <TabsContent value="blacklist">
          {profileQuery.isLoading ? (
            <Skeleton className="h-48" />
          ) : profileQuery.isError || !profileQuery.data ? (
            <ErrorState
              title="Error Loading Zipcodes"
              message={profileQuery.isError ? errorMessage(profileQuery.error) : 'Create your barber profile first.'}
              onRetry={() => void profileQuery.refetch()}
            />
          ) : (
            <BlacklistTab
              zipcodes={blacklisted}
              saving={saveBlacklist.isPending}
              onSave={(next) => saveBlacklist.mutateAsync(next)}
            />
          )}
        </TabsContent>
      </Tabs>

      <TimeBlockDialog
        open={dialogOpen}
        block={editing}
        onOpenChange={setDialogOpen}
        onSubmit={submit}
        pending={create.isPending || update.isPending}
        error={saveError ? errorMessage(saveError) : null}
      />
      <DeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        remove={remove}
        title="Delete Time Block"
        description={
          <>
            {deleting
              ? `Delete the ${WEEKDAYS_LONG[deleting.dayOfWeek]} block from ${formatTime(deleting.startTime)} to ${formatTime(deleting.endTime)}? `
              : ''}
            This action cannot be undone.
          </>
        }
        deleted={{ title: 'Time block deleted successfully', variant: 'success' }}
        failed={{ title: 'Failed to delete time block', variant: 'destructive' }}
      />
    </>
  );
}
