import { useId } from 'react';
import { Input } from '../../../../components/ui/Input';
import { Label } from '../../../../components/ui/Label';
import { FIVE_MINUTE_TIMES, shiftTime } from '../../lib/times';
import { NativeSelect } from '../common/NativeSelect';
import { TimeOptions } from '../common/TimeOptions';

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
  const id = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <div className="space-y-2">
        <Label htmlFor={`${id}-date`}>Date</Label>
        <Input
          id={`${id}-date`}
          type="date"
          value={value.date}
          onChange={(e) => (e.target.value ? onChange({ ...value, date: e.target.value }) : undefined)}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-start`}>Start time</Label>
        <NativeSelect
          id={`${id}-start`}
          value={value.startTime}
          onChange={(e) => {
            const startTime = e.target.value;
            onChange({ ...value, startTime, endTime: shiftTime(startTime, duration) ?? value.endTime });
          }}
        >
          <TimeOptions times={FIVE_MINUTE_TIMES} />
        </NativeSelect>
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-end`}>End time</Label>
        <NativeSelect
          id={`${id}-end`}
          value={value.endTime}
          onChange={(e) => {
            const endTime = e.target.value;
            onChange({ ...value, endTime, startTime: shiftTime(endTime, -duration) ?? value.startTime });
          }}
        >
          <TimeOptions times={FIVE_MINUTE_TIMES} />
        </NativeSelect>
      </div>
    </div>
  );
}
