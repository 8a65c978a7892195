import { useEffect, useId, useState } from 'react';
import type { AvailabilityBlock } from '@barber/shared';
import { Button } from '../../../../components/ui/Button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/Dialog';
import { Input } from '../../../../components/ui/Input';
import { Label } from '../../../../components/ui/Label';
import { WEEKDAYS_LONG } from '../../lib/format';
import { HALF_HOUR_TIMES, normalizeTravelBuffer, safeMinutes } from '../../lib/times';
import { NativeSelect } from '../common/NativeSelect';
import { Switch } from '../common/Switch';
import { TimeOptions } from '../common/TimeOptions';
import { WeekdayCheckboxes } from '../common/WeekdayCheckboxes';
import { CountyCityPicker } from './CountyCityPicker';

export interface TimeBlockValues {
  days: number[];
  startTime: string;
  endTime: string;
  serviceCounties: string[];
  serviceCities: string[];
  travelBuffer: number;
  isActive: boolean;
}

/** New time block defaults (docs/spec/barber-and-admin.md §9): Monday, 09:00-17:00, travel buffer 30. */
export const NEW_BLOCK: TimeBlockValues = {
  days: [1],
  startTime: '09:00',
  endTime: '17:00',
  serviceCounties: [],
  serviceCities: [],
  travelBuffer: 30,
  isActive: true,
};

function valuesOf(block: AvailabilityBlock | null): TimeBlockValues {
  if (!block) return NEW_BLOCK;
  return {
    days: [block.dayOfWeek],
    startTime: block.startTime,
    endTime: block.endTime,
    serviceCounties: block.serviceCounties,
    serviceCities: block.serviceCities,
    travelBuffer: block.travelBuffer,
    isActive: block.isActive,
  };
}

function timeOptions(current: string): string[] {
  return HALF_HOUR_TIMES.includes(current) ? [...HALF_HOUR_TIMES] : [...HALF_HOUR_TIMES, current].sort();
}

/** Add Time Block (one block per ticked day) and Edit Time Block; `error` is the server's refusal (e.g. an overlap). */
export function TimeBlockDialog({
  open,
  block,
  onOpenChange,
  onSubmit,
  pending,
  error = null,
}: {
  open: boolean;
  block: AvailabilityBlock | null;
  onOpenChange: (open: boolean) => void;
  onSubmit: (values: TimeBlockValues) => void;
  pending: boolean;
  error?: string | null;
}) {
  const id = useId();
  const editing = block !== null;
  const [values, setValues] = useState<TimeBlockValues>(valuesOf(block));
  const [buffer, setBuffer] = useState(String(valuesOf(block).travelBuffer));

  useEffect(() => {
    if (!open) return;
    setValues(valuesOf(block));
    setBuffer(String(valuesOf(block).travelBuffer));
  }, [open, block]);

  const timesOk = (safeMinutes(values.endTime) ?? 0) > (safeMinutes(values.startTime) ?? 0);
  const canSubmit = values.days.length > 0 && values.serviceCounties.length > 0 && timesOk && !pending;
  const set = (patch: Partial<TimeBlockValues>) => setValues((v) => ({ ...v, ...patch }));

  return (
    <Dialog open={open} onOpenChange={(next) => (!pending ? onOpenChange(next) : undefined)}>
      <DialogContent className="max-w-2xl">
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!canSubmit) return;
            const travelBuffer = normalizeTravelBuffer(buffer);
            setBuffer(String(travelBuffer));
            onSubmit({ ...values, travelBuffer });
          }}
        >
          <DialogHeader>
            <DialogTitle>{editing ? 'Edit Time Block' : 'Add Time Block'}</DialogTitle>
            <DialogDescription>
              {editing
                ? 'Change when and where you are available in this block.'
                : 'Set when you are available and which areas you travel to. One block is created for each day you tick.'}
            </DialogDescription>
          </DialogHeader>

          {editing ? (
            <div className="space-y-2">
              <Label htmlFor={`${id}-day`}>Day</Label>
              <NativeSelect id={`${id}-day`} value={values.days[0] ?? 1} onChange={(e) => set({ days: [Number(e.target.value)] })}>
                {WEEKDAYS_LONG.map((day, i) => (
                  <option key={day} value={i}>
                    {day}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ) : (
            <WeekdayCheckboxes legend="Days" value={values.days} onChange={(days) => set({ days })} />
          )}

          <div className="grid gap-4 sm:grid-cols-3">
            <div className="space-y-2">
              <Label htmlFor={`${id}-start`}>Start time</Label>
              <NativeSelect id={`${id}-start`} value={values.startTime} onChange={(e) => set({ startTime: e.target.value })}>
                <TimeOptions times={timeOptions(values.startTime)} />
              </NativeSelect>
            </div>
            <div className="space-y-2">
              <Label htmlFor={`${id}-end`}>End time</Label>
              <NativeSelect
                id={`${id}-end`}
                value={values.endTime}
                onChange={(e) => set({ endTime: e.target.value })}
                aria-invalid={!timesOk}
                aria-describedby={!timesOk ? `${id}-end-error` : undefined}
              >
                <TimeOptions times={timeOptions(values.endTime)} />
              </NativeSelect>
              {!timesOk ? (
                <p id={`${id}-end-error`} className="text-sm font-medium text-red-700">
                  End time must be after start time
                </p>
              ) : null}
            </div>
            <div className="space-y-2">
              <Label htmlFor={`${id}-buffer`}>Travel buffer (minutes)</Label>
              <Input
                id={`${id}-buffer`}
                type="number"
                inputMode="numeric"
                min={0}
                max={120}
                step={15}
                value={buffer}
                onChange={(e) => setBuffer(e.target.value)}
                onBlur={() => setBuffer(String(normalizeTravelBuffer(buffer)))}
              />
            </div>
          </div>

          <CountyCityPicker
            idPrefix={id}
            selectedCounties={values.serviceCounties}
            selectedCities={values.serviceCities}
            onChange={({ counties, cities }) => set({ serviceCounties: counties, serviceCities: cities })}
          />

          <div className="flex items-center gap-3">
            <Switch id={`${id}-active`} checked={values.isActive} onCheckedChange={(isActive) => set({ isActive })} />
            <Label htmlFor={`${id}-active`}>Active</Label>
          </div>

          {error ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}

          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={pending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={!canSubmit}>
              {pending ? 'Saving...' : editing ? 'Save Changes' : 'Add Time Block'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
