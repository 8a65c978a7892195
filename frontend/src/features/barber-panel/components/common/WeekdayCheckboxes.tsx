import { WEEKDAYS_LONG } from '../../lib/format';

/** A checkbox per weekday (0 = Sunday) in a fieldset; `onChange` gets the checked days in order. */
export function WeekdayCheckboxes({
  legend,
  value,
  onChange,
}: {
  legend: string;
  value: number[];
  onChange: (days: number[]) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-3">
        {WEEKDAYS_LONG.map((day, i) => (
          <label key={day} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-zinc-900"
              checked={value.includes(i)}
              onChange={(e) => onChange(e.target.checked ? [...value, i].sort() : value.filter((d) => d !== i))}
            />
            {day}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
