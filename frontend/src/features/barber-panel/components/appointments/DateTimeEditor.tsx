import { InputField } from '../../../../components/ui/FormField';
import { FIVE_MINUTE_TIMES, shiftTime } from '../../lib/times';
import { SelectField } from '../../../../components/ui/NativeSelect';
import { timeChoices } from '../../lib/timeChoices';

const FIVE_MINUTE_CHOICES = timeChoices(FIVE_MINUTE_TIMES);

export interface DateTimeValue {
  date: string;
  startTime: string;
  endTime: string;
}

const ENDS = [
  { end: 'startTime', label: 'Start time' },
  { end: 'endTime', label: 'End time' },
] as const;

/** `value` with one end moved to `time` and the other following it, so that the duration stays. */
function moveEnd(value: DateTimeValue, end: 'startTime' | 'endTime', time: string, duration: number): DateTimeValue {
  const other = end === 'startTime' ? 'endTime' : 'startTime';
  const follows = shiftTime(time, end === 'startTime' ? duration : -duration);
  return { ...value, [end]: time, [other]: follows ?? value[other] };
}

/** Date and 5-minute start/end selects; moving one end moves the other to keep the duration. */
export function DateTimeEditor({
  value,
  duration,
  onChange,
}: {
  value: DateTimeValue;
  duration: number;
  onChange: (next: DateTimeValue) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <InputField
        label="Date"
        type="date"
        value={value.date}
        onChange={(e) => (e.target.value ? onChange({ ...value, date: e.target.value }) : undefined)}
      />
      {ENDS.map(({ end, label }) => (
        <SelectField
          key={end}
          label={label}
          choices={FIVE_MINUTE_CHOICES}
          value={value[end]}
          onChange={(e) => onChange(moveEnd(value, end, e.target.value, duration))}
        />
      ))}
    </div>
  );
}
