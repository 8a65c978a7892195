import { useId, useState } from 'react';
import { Button } from '../../../../components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/Card';
import { Input } from '../../../../components/ui/Input';
import { Label } from '../../../../components/ui/Label';
import { NativeSelect } from '../common/NativeSelect';
import { Switch } from '../common/Switch';
import { WeekdayCheckboxes } from '../common/WeekdayCheckboxes';

const CANCELLATION_WINDOWS = [1, 2, 4, 8, 24, 48];
const BUFFERS = [0, 5, 10, 15, 30];

/** Business preferences: held on this screen only (not saved); the save button is 'Coming Soon'. */
export function BusinessSection() {
  const id = useId();
  const [prefs, setPrefs] = useState({
    autoConfirmBookings: false,
    allowSameDayBookings: true,
    cancellationWindow: 24,
    bufferTimeBetweenAppointments: 15,
    workingDays: [1, 2, 3, 4, 5, 6],
    emergencyContactPhone: '',
  });
  const set = (patch: Partial<typeof prefs>) => setPrefs((p) => ({ ...p, ...patch }));

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Business</CardTitle>
        <CardDescription>How you run your bookings. Saving these settings is coming soon.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor={`${id}-auto`}>Auto-confirm bookings</Label>
          <Switch
            id={`${id}-auto`}
            checked={prefs.autoConfirmBookings}
            onCheckedChange={(v) => set({ autoConfirmBookings: v })}
          />
        </div>
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor={`${id}-same-day`}>Allow same-day bookings</Label>
          <Switch
            id={`${id}-same-day`}
            checked={prefs.allowSameDayBookings}
            onCheckedChange={(v) => set({ allowSameDayBookings: v })}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor={`${id}-window`}>Cancellation window</Label>
            <NativeSelect
              id={`${id}-window`}
              value={prefs.cancellationWindow}
              onChange={(e) => set({ cancellationWindow: Number(e.target.value) })}
            >
              {CANCELLATION_WINDOWS.map((h) => (
                <option key={h} value={h}>
                  {h} hour{h === 1 ? '' : 's'}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-buffer`}>Buffer time between appointments</Label>
            <NativeSelect
              id={`${id}-buffer`}
              value={prefs.bufferTimeBetweenAppointments}
              onChange={(e) => set({ bufferTimeBetweenAppointments: Number(e.target.value) })}
            >
              {BUFFERS.map((m) => (
                <option key={m} value={m}>
                  {m} minutes
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        <WeekdayCheckboxes
          legend="Working days"
          value={prefs.workingDays}
          onChange={(workingDays) => set({ workingDays })}
        />
        <div className="space-y-2 sm:max-w-sm">
          <Label htmlFor={`${id}-phone`}>Emergency contact phone</Label>
          <Input
            id={`${id}-phone`}
            type="tel"
            autoComplete="tel"
            value={prefs.emergencyContactPhone}
            onChange={(e) => set({ emergencyContactPhone: e.target.value })}
          />
        </div>
        <div>
          <Button disabled>Coming Soon</Button>
        </div>
      </CardContent>
    </Card>
  );
}
