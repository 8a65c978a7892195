import { useId } from 'react';
import { Controller, type Control, type FieldPath, type UseFormRegister } from 'react-hook-form';
import type { PlatformSettings } from '@barber/shared';
import { NumberInputField } from '../../../../components/ui/FormField';
import { Label } from '../../../../components/ui/Label';
import { Switch } from '../../../../components/ui/Switch';

type BooleanKey = {
  [K in keyof PlatformSettings]: PlatformSettings[K] extends boolean ? K : never;
}[keyof PlatformSettings];
type NumberKey = {
  [K in keyof PlatformSettings]: PlatformSettings[K] extends number ? K : never;
}[keyof PlatformSettings];

/**
 * A labelled switch with a line of explanation. `unavailable`: the setting cannot act on this platform;
 * the switch is shown off and disabled, with the reason.
 */
export function SwitchRow({
  control,
  name,
  label,
  description,
  unavailable,
}: {
  control: Control<PlatformSettings>;
  name: BooleanKey;
  label: string;
  description?: string;
  unavailable?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-1">
      <div className="space-y-1">
        <Label htmlFor={id}>{label}</Label>
        {description ? (
          <p id={`${id}-desc`} className="text-sm text-zinc-600">
            {description}
          </p>
        ) : null}
        {unavailable ? (
          <p id={`${id}-why`} className="text-sm font-medium text-amber-800">
            {unavailable}
          </p>
        ) : null}
      </div>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Switch
            id={id}
            checked={unavailable ? false : Boolean(field.value)}
            onCheckedChange={field.onChange}
            disabled={Boolean(unavailable)}
            aria-describedby={
              [description ? `${id}-desc` : '', unavailable ? `${id}-why` : ''].filter(Boolean).join(' ') || undefined
            }
          />
        )}
      />
    </div>
  );
}

/** A number input with the bounds of docs/spec/barber-and-admin.md §5. */
export function NumberField({
  register,
  name,
  min,
  max,
  step = 1,
  hint,
  ...field
}: {
  register: UseFormRegister<PlatformSettings>;
  name: NumberKey & FieldPath<PlatformSettings>;
  label: string;
  min: number;
  max: number;
  step?: number;
  error?: string;
  hint?: string;
}) {
  return (
    <NumberInputField
      {...field}
      hint={hint ?? `From ${min} to ${max}.`}
      decimal
      min={min}
      max={max}
      step={step}
      {...register(name, { valueAsNumber: true })}
    />
  );
}
