import { useEffect, useId, useState } from 'react';
import { ADMIN_BOOKING_STATUS_LABELS, BOOKING_STATUSES, regionKeys, regionLabel } from '@barber/shared';
import { RangeDateField, RangeError } from '../../../../components/DateRangeFields';
import { Button } from '../../../../components/ui/Button';
import { FormDialog } from '../../../../components/ui/FormDialog';
import { FormField } from '../../../../components/ui/FormField';
import { Input, inputClasses } from '../../../../components/ui/Input';
import { Label } from '../../../../components/ui/Label';
import { Options } from '../../../../components/ui/Options';
import { cn } from '../../../../lib/cn';
import { useDebounced } from '../../../../lib/useDebounced';
import { useBarberOptions } from '../../api/barbers';
import type { AdminBookingsFilters } from '../../api/bookings';

export type ListFilters = Omit<AdminBookingsFilters, 'q'>;

/** A select of one filter: "Any ..." (no filter) and the choices. */
function FilterSelect<T extends string>({
  label,
  anyLabel,
  value,
  options,
  onChange,
}: {
  label: string;
  anyLabel: string;
  value: T | undefined;
  options: { value: T; label: string }[];
  onChange: (value: T | undefined) => void;
}) {
  return (
    <FormField label={label}>
      {(p) => (
        <select
          {...p}
          className={selectClass}
          value={value ?? ''}
          onChange={(e) => onChange((e.target.value || undefined) as T | undefined)}
        >
          <option value="">{anyLabel}</option>
          <Options choices={options} />
        </select>
      )}
    </FormField>
  );
}

const selectClass = cn(inputClasses, 'pr-8');

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
  /** The filters, and the chosen barber's name for the chip (a barber past the first 100 is not in any list). */
  onApply: (filters: ListFilters, barberName: string | undefined) => void;
}) {
  const errorId = `${useId()}-error`;
  const searchId = useId();
  const [draft, setDraft] = useState<ListFilters>(value);
  const [error, setError] = useState<string | null>(null);
  const [barberSearch, setBarberSearch] = useState('');
  const barbers = useBarberOptions(open, useDebounced(barberSearch.trim()));
  // The chosen barber stays an option while a search shows others (its name as it was listed).
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const options = (barbers.data?.barbers ?? []).map((b) => ({
    value: String(b.id),
    label: b.user.fullName || b.user.username,
  }));
  const selected = draft.barberId === undefined ? undefined : String(draft.barberId);
  if (selected && !options.some((o) => o.value === selected))
    options.unshift(chosen?.value === selected ? chosen : { value: selected, label: `Barber #${selected}` });
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
    onApply(draft, options.find((o) => o.value === selected)?.label);
    onOpenChange(false);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      contentClassName="max-w-lg"
      title="Filter Bookings"
      description="Narrow the list by status, appointment date, barber and region."
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
      submitLabel="Apply Filters"
      secondary={
        <Button variant="outline" onClick={() => setDraft({})}>
          Clear all
        </Button>
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FilterSelect
          label="Status"
          anyLabel="Any status"
          value={draft.status}
          options={BOOKING_STATUSES.map((s) => ({ value: s, label: ADMIN_BOOKING_STATUS_LABELS[s] }))}
          onChange={(status) => setDraft({ ...draft, status })}
        />
        <FilterSelect
          label="Region"
          anyLabel="Any region"
          value={draft.region}
          options={regionKeys.map((r) => ({ value: r, label: regionLabel(r) }))}
          onChange={(region) => setDraft({ ...draft, region })}
        />
        <FilterSelect
          label="Barber"
          anyLabel={barbers.isPending ? 'Loading barbers...' : 'Any barber'}
          value={selected}
          options={options}
          onChange={(barberId) => {
            setChosen(options.find((o) => o.value === barberId) ?? null);
            setDraft({ ...draft, barberId: barberId ? Number(barberId) : undefined });
          }}
        />
        <div className="space-y-2">
          <Label htmlFor={searchId}>Find barber</Label>
          <Input
            id={searchId}
            type="search"
            placeholder="Name or username"
            value={barberSearch}
            onChange={(e) => setBarberSearch(e.target.value)}
          />
          {barbers.data && barbers.data.total > barbers.data.barbers.length ? (
            <p className="text-xs text-zinc-600">
              The first {barbers.data.barbers.length} of {barbers.data.total}: type a name to find the others.
            </p>
          ) : null}
        </div>
        <RangeDateField
          label="From date"
          value={draft.from ?? ''}
          onChange={(from) => setDraft({ ...draft, from: from || undefined })}
          errorId={error ? errorId : null}
        />
        <RangeDateField
          label="To date"
          value={draft.to ?? ''}
          onChange={(to) => setDraft({ ...draft, to: to || undefined })}
          errorId={error ? errorId : null}
        />
        <RangeError id={errorId} error={error} className="sm:col-span-2" />
      </div>
    </FormDialog>
  );
}

/** The applied filters as short labels ("Status: Completed", "Region: Miami, FL"), for the chips above the list. */
export function filterLabels(
  filters: ListFilters,
  barberName: string | undefined,
): { key: keyof ListFilters; label: string }[] {
  const out: { key: keyof ListFilters; label: string }[] = [];
  if (filters.status) out.push({ key: 'status', label: `Status: ${ADMIN_BOOKING_STATUS_LABELS[filters.status]}` });
  if (filters.from) out.push({ key: 'from', label: `From: ${filters.from}` });
  if (filters.to) out.push({ key: 'to', label: `To: ${filters.to}` });
  if (filters.barberId) out.push({ key: 'barberId', label: `Barber: ${barberName ?? `#${filters.barberId}`}` });
  if (filters.region) out.push({ key: 'region', label: `Region: ${regionLabel(filters.region)}` });
  return out;
}
