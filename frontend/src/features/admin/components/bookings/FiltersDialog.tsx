import { useEffect, useId, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  ADMIN_BOOKING_STATUS_LABELS,
  BOOKING_STATUSES,
  regionKeys,
  regionLabel,
  type AdminBarberList,
  type BookingStatus,
  type RegionKey,
} from '@barber/shared';
import { Button } from '../../../../components/ui/Button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/Dialog';
import { Input, inputClasses } from '../../../../components/ui/Input';
import { Label } from '../../../../components/ui/Label';
import { cn } from '../../../../lib/cn';
import type { AdminBookingsFilters } from '../../api/bookings';

export type ListFilters = Omit<AdminBookingsFilters, 'q'>;

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

const selectClass = cn(inputClasses, 'pr-8');

/** Every barber by name, for the barber filter (the admin's barber list, first 100). */
function useBarberOptions(enabled: boolean) {
  return useQuery<AdminBarberList>({
    queryKey: ['/api/admin/barbers', { limit: 100, offset: 0, sort: 'name' }],
    enabled,
    staleTime: 60_000,
  });
}

/** The Bookings screen's "Filters": status, the booking's date range, barber and region; applied by the server. */
export function FiltersDialog({
  open,
  onOpenChange,
  value,
  onApply,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  value: ListFilters;
  onApply: (filters: ListFilters) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<ListFilters>(value);
  const [error, setError] = useState<string | null>(null);
  const barbers = useBarberOptions(open);
  useEffect(() => {
    if (open) {
      setDraft(value);
      setError(null);
    }
  }, [open, value]);

  const apply = () => {
    if (draft.from && draft.to && draft.from > draft.to) {
      setError('The start date must not be after the end date.');
      return;
    }
    onApply(draft);
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Filter Bookings</DialogTitle>
          <DialogDescription>Narrow the list by status, appointment date, barber and region.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            apply();
          }}
        >
          <Field id={`${id}-status`} label="Status">
            <select
              id={`${id}-status`}
              className={selectClass}
              value={draft.status ?? ''}
              onChange={(e) =>
                setDraft({ ...draft, status: (e.target.value || undefined) as BookingStatus | undefined })
              }
            >
              <option value="">Any status</option>
              {BOOKING_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {ADMIN_BOOKING_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-region`} label="Region">
            <select
              id={`${id}-region`}
              className={selectClass}
              value={draft.region ?? ''}
              onChange={(e) => setDraft({ ...draft, region: (e.target.value || undefined) as RegionKey | undefined })}
            >
              <option value="">Any region</option>
              {regionKeys.map((r) => (
                <option key={r} value={r}>
                  {regionLabel(r)}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-barber`} label="Barber">
            <select
              id={`${id}-barber`}
              className={selectClass}
              value={draft.barberId ?? ''}
              onChange={(e) => setDraft({ ...draft, barberId: e.target.value ? Number(e.target.value) : undefined })}
            >
              <option value="">{barbers.isPending ? 'Loading barbers...' : 'Any barber'}</option>
              {(barbers.data?.barbers ?? []).map((b) => (
                <option key={b.id} value={b.id}>
                  {b.user.fullName || b.user.username}
                </option>
              ))}
            </select>
          </Field>
          <div className="hidden sm:block" />
          <Field id={`${id}-from`} label="From date">
            <Input
              id={`${id}-from`}
              type="date"
              value={draft.from ?? ''}
              onChange={(e) => setDraft({ ...draft, from: e.target.value || undefined })}
              aria-invalid={error !== null}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </Field>
          <Field id={`${id}-to`} label="To date">
            <Input
              id={`${id}-to`}
              type="date"
              value={draft.to ?? ''}
              onChange={(e) => setDraft({ ...draft, to: e.target.value || undefined })}
              aria-invalid={error !== null}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </Field>
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700 sm:col-span-2">
              {error}
            </p>
          ) : null}
          <DialogFooter className="sm:col-span-2">
            <Button variant="outline" onClick={() => setDraft({})}>
              Clear all
            </Button>
            <Button type="submit">Apply Filters</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The applied filters as short labels ("Status: Completed", "Region: Miami, FL"), for the chips above the list. */
export function filterLabels(
  filters: ListFilters,
  barberName: (id: number) => string | undefined,
): { key: keyof ListFilters; label: string }[] {
  const out: { key: keyof ListFilters; label: string }[] = [];
  if (filters.status) out.push({ key: 'status', label: `Status: ${ADMIN_BOOKING_STATUS_LABELS[filters.status]}` });
  if (filters.from) out.push({ key: 'from', label: `From: ${filters.from}` });
  if (filters.to) out.push({ key: 'to', label: `To: ${filters.to}` });
  if (filters.barberId)
    out.push({ key: 'barberId', label: `Barber: ${barberName(filters.barberId) ?? `#${filters.barberId}`}` });
  if (filters.region) out.push({ key: 'region', label: `Region: ${regionLabel(filters.region)}` });
  return out;
}
