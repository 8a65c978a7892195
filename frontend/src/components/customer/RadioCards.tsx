import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface RadioCardOption {
  value: string;
  label: ReactNode;
  /** Accessible name when the label is not plain text. */
  ariaLabel?: string;
  disabled?: boolean;
}

/**
 * A radio group drawn as selectable cards or chips: native radio inputs (arrow keys move
 * between them), each named by its label, inside a fieldset with a legend.
 */
export function RadioCards({
  name,
  legend,
  hideLegend = false,
  options,
  value,
  onChange,
  className,
  optionClassName,
}: {
  name: string;
  legend: ReactNode;
  hideLegend?: boolean;
  options: RadioCardOption[];
  value: string | null;
  onChange: (value: string) => void;
  className?: string;
  optionClassName?: string;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className={cn(hideLegend ? 'sr-only' : 'mb-2 text-sm font-medium text-zinc-900')}>{legend}</legend>
      <div className={cn('grid gap-2', className)}>
        {options.map((option) => {
          const selected = option.value === value;
          return (
            <label
              key={option.value}
              className={cn(
                'relative flex cursor-pointer items-center rounded-lg border px-3 py-2 text-sm transition-colors',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-amber-600 has-[:focus-visible]:ring-offset-1',
                selected
                  ? 'border-zinc-900 bg-zinc-900 text-white'
                  : 'border-zinc-300 bg-white text-zinc-900 hover:bg-zinc-50',
                option.disabled && 'cursor-not-allowed opacity-60',
                optionClassName,
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={selected}
                disabled={option.disabled}
                onChange={() => onChange(option.value)}
                aria-label={option.ariaLabel}
                className="sr-only"
              />
              {option.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
