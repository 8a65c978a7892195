import type { Service } from '@barber/shared';
import { formatMoney, formatTime12 } from '../../lib/customer/format';
import { RadioCards } from './RadioCards';

/** The "Service" radio list of a booking form: name, duration and price of each service. */
export function ServiceRadioCards({
  name,
  services,
  value,
  onChange,
}: {
  name: string;
  services: Pick<Service, 'id' | 'name' | 'duration' | 'price'>[];
  value: number | null;
  onChange: (serviceId: number) => void;
}) {
  return (
    <RadioCards
      name={name}
      legend="Service"
      options={services.map((s) => ({
        value: String(s.id),
        ariaLabel: `${s.name}, ${s.duration} min, ${formatMoney(s.price)}`,
        label: (
          <span className="flex w-full items-center justify-between gap-3">
            <span className="font-medium">{s.name}</span>
            <span className="shrink-0 opacity-80">
              {s.duration} min · {formatMoney(s.price)}
            </span>
          </span>
        ),
      }))}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(Number(v))}
    />
  );
}

/** A grid of start times ("2:30 PM") to pick one from. */
export function SlotRadioCards({
  name,
  legend,
  slots,
  value,
  onChange,
  className,
}: {
  name: string;
  legend: string;
  /** HH:mm start times. */
  slots: string[];
  value: string | null;
  onChange: (slot: string) => void;
  className?: string;
}) {
  return (
    <RadioCards
      name={name}
      legend={legend}
      className={className}
      optionClassName="justify-center"
      options={slots.map((s) => ({ value: s, label: formatTime12(s) }))}
      value={value}
      onChange={onChange}
    />
  );
}
