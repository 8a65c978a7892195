import { useEffect, useId, useMemo, useState } from 'react';
import type { AdminBarber } from '@barber/shared';
import { Input } from '../../../../components/ui/Input';
import { Label } from '../../../../components/ui/Label';
import { useDebounced } from '../../../../lib/useDebounced';
import { Skeleton } from '../../../../components/ui/Spinner';
import { PICKER_LIMIT, useAdminBarbers } from '../../api/adminBarbers';
import { useBarberScopeStore } from '../../stores/barberScope';
import { NativeSelect } from '../../../../components/ui/NativeSelect';
import { ErrorNotice } from '../../../../components/ui/ErrorNotice';

/** How the picker names a barber: name, username, and whether they wait for verification. */
function labelOf(b: AdminBarber): string {
  return `${b.user.fullName || b.user.username} (@${b.user.username})${b.isVerified ? '' : ' - pending verification'}`;
}

/** The administrator's choice of which barber's panel to view (docs/design.md §9). */
export function BarberPicker() {
  const id = useId();
  const selected = useBarberScopeStore((s) => s.selectedBarberId);
  const select = useBarberScopeStore((s) => s.select);
  const selectedLabel = useBarberScopeStore((s) => s.selectedLabel);
  const [search, setSearch] = useState('');
  const { data, isLoading, isError, refetch } = useAdminBarbers(true, useDebounced(search.trim()));
  const barbers = useMemo(() => data?.barbers ?? [], [data]);
  const more = data ? data.total - barbers.length : 0;

  // pick the first barber when none is chosen; a chosen one stays chosen whatever a search lists
  useEffect(() => {
    if (data && barbers.length > 0 && selected === null) select(barbers[0]!.id, labelOf(barbers[0]!));
  }, [data, barbers, selected, select]);
  const options = barbers.map((b) => ({ value: b.id, label: labelOf(b) }));
  if (selected !== null && !options.some((o) => o.value === selected))
    options.unshift({ value: selected, label: selectedLabel ?? `Barber #${selected}` });

  return (
    <div className="mb-6 flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 sm:flex-row sm:items-center">
      <Label htmlFor={id} className="shrink-0">
        Viewing barber
      </Label>
      <Input
        type="search"
        aria-label="Find a barber"
        placeholder="Find a barber"
        className="sm:max-w-48"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {isLoading ? (
        <Skeleton className="h-10 w-full sm:max-w-sm" />
      ) : isError ? (
        <ErrorNotice title="Could not load the barbers." onRetry={() => void refetch()} />
      ) : options.length === 0 ? (
        <p className="text-sm text-zinc-700">No barbers found</p>
      ) : (
        <NativeSelect
          id={id}
          className="sm:max-w-sm"
          value={selected ?? ''}
          onChange={(e) => {
            const id = Number(e.target.value) || null;
            select(id, options.find((o) => o.value === id)?.label);
          }}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      )}
      {more > 0 ? (
        <p className="text-sm text-zinc-700" aria-live="polite">
          The first {PICKER_LIMIT} of {data!.total}: type a name to find the others.
        </p>
      ) : null}
    </div>
  );
}
