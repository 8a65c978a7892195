import { InputField } from '../../../../components/ui/FormField';
import { FIVE_MINUTE_TIMES, shiftTime } from '../../lib/times';
import { SelectField, timeChoices } from '../common/NativeSelect';

const FIVE_MINUTE_CHOICES = timeChoices(FIVE_MINUTE_TIMES);

export interface DateTimeValue {
  date: string;
  startTime: string;
  endTime: string;
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
      <SelectField
        label="Start time"
        choices={FIVE_MINUTE_CHOICES}
        value={value.startTime}
        onChange={(e) => {
          const startTime = e.target.value;
          onChange({ ...value, startTime, endTime: shiftTime(startTime, duration) ?? value.endTime });
        }}
      />
      <SelectField
        label="End time"
        choices={FIVE_MINUTE_CHOICES}
        value={value.endTime}
        onChange={(e) => {
          const endTime = e.target.value;
          onChange({ ...value, endTime, startTime: shiftTime(endTime, -duration) ?? value.startTime });
        }}
      />
    </div>
  );
}
