import { useEffect, useId, useMemo, useState } from 'react';
import { Input } from '../../../../components/ui/Input';
import { Label } from '../../../../components/ui/Label';
import { useDebounced } from '../../../../lib/useDebounced';
import { Skeleton } from '../../../../components/ui/Spinner';
import { PICKER_LIMIT, useAdminBarbers } from '../../api/adminBarbers';
import { useBarberScopeStore } from '../../stores/barberScope';
import { NativeSelect } from '../../../../components/ui/NativeSelect';

/** The administrator's choice of which barber's panel to view (docs/design.md §9). */
export function BarberPicker() {
  const id = useId();
  const selected = useBarberScopeStore((s) => s.selectedBarberId);
  const select = useBarberScopeStore((s) => s.select);
  const [search, setSearch] = useState('');
  const { data, isLoading, isError } = useAdminBarbers(true, useDebounced(search.trim()));
  const barbers = useMemo(() => data?.barbers ?? [], [data]);
  const more = data ? data.total - barbers.length : 0;

  // pick the first barber when none (or one outside the list: a search's first match) is chosen
  useEffect(() => {
    if (!data || barbers.length === 0) return;
    if (selected === null || !barbers.some((b) => b.id === selected)) select(barbers[0]!.id);
  }, [data, barbers, selected, select]);

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
        <p className="text-sm text-red-700">Could not load the barbers.</p>
      ) : barbers.length === 0 ? (
        <p className="text-sm text-zinc-700">No barbers found</p>
      ) : (
        <NativeSelect
          id={id}
          className="sm:max-w-sm"
          value={selected ?? ''}
          onChange={(e) => select(Number(e.target.value) || null)}
        >
          {barbers.map((b) => (
            <option key={b.id} value={b.id}>
              {(b.user.fullName || b.user.username) + ` (@${b.user.username})`}
              {b.isVerified ? '' : ' - pending verification'}
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
