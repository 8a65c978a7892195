import { formatTime } from '../../lib/format';

/** The <option>s of a time select: each HH:mm value shown as "2:30 PM". */
export function TimeOptions({ times }: { times: readonly string[] }) {
  return times.map((t) => (
    <option key={t} value={t}>
      {formatTime(t)}
    </option>
  ));
}
