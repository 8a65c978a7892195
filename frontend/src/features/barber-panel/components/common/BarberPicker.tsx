import { useEffect, useId, useMemo } from 'react';
import { Label } from '../../../../components/ui/Label';
import { Skeleton } from '../../../../components/ui/Spinner';
import { useAdminBarbers } from '../../api/adminBarbers';
import { useBarberScopeStore } from '../../stores/barberScope';
import { NativeSelect } from '../../../../components/ui/NativeSelect';

/** The administrator's choice of which barber's panel to view (docs/design.md §9). */
export function BarberPicker() {
  const id = useId();
  const selected = useBarberScopeStore((s) => s.selectedBarberId);
  const select = useBarberScopeStore((s) => s.select);
  const { data, isLoading, isError } = useAdminBarbers(true);
  const barbers = useMemo(() => data?.barbers ?? [], [data]);

  // pick the first barber when none (or an unknown one) is chosen
  useEffect(() => {
    if (!data) return;
    if (barbers.length === 0) {
      if (selected !== null) select(null);
      return;
    }
    if (selected === null || !barbers.some((b) => b.id === selected)) select(barbers[0]!.id);
  }, [data, barbers, selected, select]);

  return (
    <div className="mb-6 flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 sm:flex-row sm:items-center">
      <Label htmlFor={id} className="shrink-0">
        Viewing barber
      </Label>
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
    </div>
  );
}
