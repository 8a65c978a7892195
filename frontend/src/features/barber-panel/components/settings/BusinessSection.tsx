import { useId, useState } from 'react';
import { TitledCard } from '../../../../components/ui/Card';
import { Input } from '../../../../components/ui/Input';
import { Label } from '../../../../components/ui/Label';
import { Switch } from '../../../../components/ui/Switch';
import { UnavailableButton } from '../../../../components/ui/UnavailableButton';
import { SelectField } from '../../../../components/ui/NativeSelect';
import { WeekdayCheckboxes } from '../common/WeekdayCheckboxes';

const CANCELLATION_WINDOWS = [1, 2, 4, 8, 24, 48].map((h) => ({ value: h, label: `${h} hour${h === 1 ? '' : 's'}` }));
const BUFFERS = [0, 5, 10, 15, 30].map((m) => ({ value: m, label: `${m} minutes` }));

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
    <TitledCard
      title="Business"
      description="How you run your bookings. Saving these settings is coming soon."
      contentClassName="grid gap-5"
    >
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
        <SelectField
          label="Cancellation window"
          choices={CANCELLATION_WINDOWS}
          value={prefs.cancellationWindow}
          onChange={(e) => set({ cancellationWindow: Number(e.target.value) })}
        />
        <SelectField
          label="Buffer time between appointments"
          choices={BUFFERS}
          value={prefs.bufferTimeBetweenAppointments}
          onChange={(e) => set({ bufferTimeBetweenAppointments: Number(e.target.value) })}
        />
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
      <UnavailableButton
        wrapperClassName="justify-self-start"
        reason="Saving business settings is not available yet: changes made here are not kept."
      >
        Coming Soon
      </UnavailableButton>
    </TitledCard>
  );
}
