import { useEffect, useId, useState } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { availabilityBlockInputSchema, availabilityCreateSchema, type AvailabilityBlock } from '@barber/shared';
import { FormDialog } from '../../../../components/ui/FormDialog';
import { SwitchField } from '../../../../components/ui/Switch';
import { firstSchemaMessage } from '../../../../components/ui/SubmitReason';
import { WEEKDAYS_LONG } from '../../lib/format';
import { HALF_HOUR_TIMES, normalizeTravelBuffer } from '../../lib/times';
import { MinutesField } from '../common/MinutesField';
import { SelectField } from '../../../../components/ui/NativeSelect';
import { timeChoices } from '../../lib/timeChoices';
import { WeekdayCheckboxes } from '../common/WeekdayCheckboxes';
import { CountyCityPicker } from './CountyCityPicker';

/** A block's own fields (all but its day). */
type BlockFields = Pick<
  AvailabilityBlock,
  'startTime' | 'endTime' | 'serviceCounties' | 'serviceCities' | 'travelBuffer' | 'isActive'
>;

/** What the dialog hands over: the ticked days and the block, as the shared schema parsed them. */
export interface TimeBlockValues extends BlockFields {
  days: number[];
}

/** New time block defaults (docs/spec/barber-and-admin.md §9): Monday, 09:00-17:00, travel buffer 30. */
const NEW_BLOCK: TimeBlockValues = {
  days: [1],
  startTime: '09:00',
  endTime: '17:00',
  serviceCounties: [],
  serviceCities: [],
  travelBuffer: 30,
  isActive: true,
};

/**
 * The form's fields: adding ticks `daysOfWeek` (POST /api/availability, availabilityCreateSchema),
 * editing picks one `dayOfWeek` (the block availabilityBlockInputSchema checks).
 */
interface TimeBlockForm extends BlockFields {
  dayOfWeek: number;
  daysOfWeek: number[];
}

function formOf(block: AvailabilityBlock | null): TimeBlockForm {
  const v: TimeBlockValues = block
    ? {
        days: [block.dayOfWeek],
        startTime: block.startTime,
        endTime: block.endTime,
        serviceCounties: block.serviceCounties,
        serviceCities: block.serviceCities,
        travelBuffer: block.travelBuffer,
        isActive: block.isActive,
      }
    : NEW_BLOCK;
  const { days, ...rest } = v;
  return { dayOfWeek: days[0] ?? 1, daysOfWeek: days, ...rest };
}

const createResolver = zodResolver(availabilityCreateSchema);
const editResolver = zodResolver(availabilityBlockInputSchema);

/** The shared schema of the mode checks the form; a valid form becomes the parsed TimeBlockValues. */
function blockResolver(editing: boolean): Resolver<TimeBlockForm, unknown, TimeBlockValues> {
  return async (values, context, options) => {
    if (editing) {
      const result = await editResolver(values as never, context, options as never);
      if (Object.keys(result.errors).length > 0)
        return { values: {}, errors: result.errors as FieldErrors<TimeBlockForm> };
      const { dayOfWeek, ...block } = result.values as Exclude<typeof result.values, Record<string, never>>;
      return { values: { days: [dayOfWeek], ...block }, errors: {} };
    }
    const result = await createResolver(values as never, context, options as never);
    if (Object.keys(result.errors).length > 0)
      return { values: {}, errors: result.errors as FieldErrors<TimeBlockForm> };
    const { days, block } = result.values as Exclude<typeof result.values, Record<string, never>>;
    return { values: { days, ...block }, errors: {} };
  };
}

const WEEKDAY_CHOICES = WEEKDAYS_LONG.map((day, i) => ({ value: i, label: day }));

function timeOptions(current: string): string[] {
  return HALF_HOUR_TIMES.includes(current) ? [...HALF_HOUR_TIMES] : [...HALF_HOUR_TIMES, current].sort();
}

function ErrorText({ id, children }: { id: string; children: string | undefined }) {
  return children ? (
    <p id={id} className="text-sm font-medium text-red-700">
      {children}
    </p>
  ) : null;
}

/**
 * Add Time Block (one block per ticked day) and Edit Time Block; `error` is the server's refusal (e.g. an overlap).
 * The submit stays disabled while the shared schema refuses the form (docs/spec/barber-and-admin.md §6), and says why.
 */
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
  const { control, handleSubmit, reset, setValue, watch, formState } = useForm<TimeBlockForm, unknown, TimeBlockValues>(
    {
      resolver: blockResolver(editing),
      mode: 'onChange',
      defaultValues: formOf(block),
    },
  );
  const errors = formState.errors;
  // the buffer as typed; invalid input falls back to 30 when it is left or sent (docs/spec/barber-and-admin.md §6)
  const [buffer, setBuffer] = useState(String(formOf(block).travelBuffer));

  useEffect(() => {
    if (!open) return;
    reset(formOf(block));
    setBuffer(String(formOf(block).travelBuffer));
  }, [open, block, reset]);

  const values = watch();
  const reason = firstSchemaMessage(editing ? availabilityBlockInputSchema : availabilityCreateSchema, values);
  const commitBuffer = () => {
    const travelBuffer = normalizeTravelBuffer(buffer);
    setBuffer(String(travelBuffer));
    setValue('travelBuffer', travelBuffer, { shouldDirty: true });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (!pending ? onOpenChange(next) : undefined)}
      contentClassName="max-w-2xl"
      title={editing ? 'Edit Time Block' : 'Add Time Block'}
      description={
        editing
          ? 'Change when and where you are available in this block.'
          : 'Set when you are available and which areas you travel to. One block is created for each day you tick.'
      }
      onSubmit={(event) => {
        commitBuffer();
        void handleSubmit((parsed) => onSubmit(parsed))(event);
      }}
      submitLabel={editing ? 'Save Changes' : 'Add Time Block'}
      pendingLabel="Saving..."
      pending={pending}
      disabledReason={reason}
    >
      {editing ? (
        <Controller
          control={control}
          name="dayOfWeek"
          render={({ field }) => (
            <SelectField
              label="Day"
              choices={WEEKDAY_CHOICES}
              {...field}
              onChange={(e) => field.onChange(Number(e.target.value))}
            />
          )}
        />
      ) : (
        <div className="space-y-2">
          <Controller
            control={control}
            name="daysOfWeek"
            render={({ field }) => <WeekdayCheckboxes legend="Days" value={field.value} onChange={field.onChange} />}
          />
          <ErrorText id={`${id}-days-error`}>{errors.daysOfWeek?.message}</ErrorText>
        </div>
      )}

      <div className="grid gap-4 sm:grid-cols-3">
        <Controller
          control={control}
          name="startTime"
          rules={{ deps: ['endTime'] }}
          render={({ field }) => (
            <SelectField label="Start time" choices={timeChoices(timeOptions(field.value))} {...field} />
          )}
        />
        <Controller
          control={control}
          name="endTime"
          render={({ field, fieldState }) => (
            <SelectField
              label="End time"
              choices={timeChoices(timeOptions(field.value))}
              error={fieldState.error?.message}
              {...field}
            />
          )}
        />
        <MinutesField
          label="Travel buffer (minutes)"
          max={120}
          step={15}
          value={buffer}
          onChange={setBuffer}
          onBlur={commitBuffer}
        />
      </div>

      <div className="space-y-2">
        <CountyCityPicker
          idPrefix={id}
          selectedCounties={values.serviceCounties}
          selectedCities={values.serviceCities}
          onChange={({ counties, cities }) => {
            setValue('serviceCities', cities, { shouldDirty: true });
            setValue('serviceCounties', counties, { shouldDirty: true, shouldValidate: true });
          }}
        />
        <ErrorText id={`${id}-counties-error`}>{errors.serviceCounties?.message}</ErrorText>
      </div>

      <Controller
        control={control}
        name="isActive"
        render={({ field }) => <SwitchField label="Active" checked={field.value} onCheckedChange={field.onChange} />}
      />

      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </FormDialog>
  );
}
