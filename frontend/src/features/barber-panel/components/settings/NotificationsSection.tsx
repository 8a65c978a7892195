import { useState } from 'react';
import {
  CHANNEL_OFF_MESSAGE,
  defaultNotificationPreferences,
  SMS_UNAVAILABLE_MESSAGE,
  type NotificationPreferences,
  type PublicSettings,
} from '@barber/shared';
import { Button } from '../../../../components/ui/Button';
import { ErrorNotice } from '../../../../components/ui/ErrorNotice';
import { TitledCard } from '../../../../components/ui/Card';
import { Label } from '../../../../components/ui/Label';
import { Switch } from '../../../../components/ui/Switch';
import { Skeleton } from '../../../../components/ui/Spinner';
import { toast } from '../../../../components/ui/toast';
import { errorMessage, isApiError } from '../../../../lib/api';
import { usePublicSettings } from '../../../../lib/publicSettings';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../../api/settings';

type Channels = PublicSettings['notificationChannels'];

const ITEMS: {
  key: keyof NotificationPreferences;
  label: string;
  description: string;
  group: 'Email' | 'SMS' | 'Push';
  /** Why the switch cannot act on this platform: it is shown off and disabled. */
  unavailable?: string;
  /** The platform switches it needs on (docs: notifications/dispatch.ts channelsFor). */
  needs?: (channels: Channels) => boolean;
}[] = [
  {
    key: 'emailBookingConfirmations',
    label: 'Booking confirmations',
    description: 'Email me about booking requests, confirmations and changes to my bookings.',
    group: 'Email',
    needs: (c) => c.email && c.bookingAlerts,
  },
  {
    key: 'emailCancellations',
    label: 'Cancellations',
    description: 'Email me when a booking is cancelled.',
    group: 'Email',
    needs: (c) => c.email && c.bookingAlerts,
  },
  {
    key: 'emailReminders',
    label: 'Appointment reminders',
    description: 'Email me a reminder before each appointment.',
    group: 'Email',
    needs: (c) => c.email,
  },
  {
    key: 'smsBookingAlerts',
    label: 'SMS booking alerts',
    description: 'Text me when a new booking comes in.',
    group: 'SMS',
    unavailable: SMS_UNAVAILABLE_MESSAGE,
  },
  {
    key: 'smsCancellations',
    label: 'SMS cancellations',
    description: 'Text me when a booking is cancelled.',
    group: 'SMS',
    unavailable: SMS_UNAVAILABLE_MESSAGE,
  },
  {
    key: 'pushNotifications',
    label: 'Push notifications',
    description: 'Show in-app notifications.',
    group: 'Push',
    needs: (c) => c.push,
  },
];

/** The six notification preference switches (PUT /api/barber/notifications). */
export function NotificationsSection({ params }: { params: { barberId?: number } }) {
  const query = useNotificationPreferences(params);
  const save = useSaveNotificationPreferences(params);
  const channels = usePublicSettings().data?.notificationChannels;
  // The switches the barber changed and has not saved: a newer read (a refetch, this panel staying
  // mounted across the settings tabs) shows the others' saved values and keeps these.
  const [edits, setEdits] = useState<Partial<NotificationPreferences>>({});
  const prefs: NotificationPreferences = {
    ...(query.data?.preferences ?? defaultNotificationPreferences),
    ...edits,
  };

  return (
    <TitledCard title="Notifications" description="Choose how you hear about bookings." contentClassName="space-y-5">
      {query.isLoading ? (
        <Skeleton className="h-64" />
      ) : query.isError && !query.data ? (
        // Not the defaults with a Save button: saving them would overwrite preferences we could not read.
        <ErrorNotice title="Your saved preferences could not be loaded." onRetry={() => void query.refetch()} />
      ) : (
        <>
          <PreferenceSwitches
            prefs={prefs}
            channels={channels}
            onChange={(key, checked) => setEdits((e) => ({ ...e, [key]: checked }))}
          />
          <Button
            disabled={save.isPending}
            onClick={() =>
              save.mutate(prefs, {
                onSuccess: (_answer, sent) => {
                  // saved: no longer edits (one changed again meanwhile stays one)
                  setEdits((e) => unsavedEdits(e, sent));
                  toast({
                    title: 'Settings Updated',
                    description: 'Your notification preferences have been saved.',
                    variant: 'success',
                  });
                },
                onError: (error) =>
                  toast({
                    title: 'Update Failed',
                    description:
                      isApiError(error) && error.body?.message
                        ? errorMessage(error)
                        : 'Failed to update notification settings.',
                    variant: 'destructive',
                  }),
              })
            }
          >
            {save.isPending ? 'Saving...' : 'Save Preferences'}
          </Button>
        </>
      )}
    </TitledCard>
  );
}

/** The edits whose value differs from what was saved. */
function unsavedEdits(
  edits: Partial<NotificationPreferences>,
  saved: NotificationPreferences,
): Partial<NotificationPreferences> {
  return Object.fromEntries(
    Object.entries(edits).filter(([key, value]) => saved[key as keyof NotificationPreferences] !== value),
  );
}

/** The switches, each with its line of explanation; one that cannot act says why and stays off. */
export function PreferenceSwitches({
  prefs,
  channels,
  onChange,
}: {
  prefs: NotificationPreferences;
  /** The platform's channels, once known (a preference for one turned off says so and stays off). */
  channels?: Channels;
  onChange: (key: keyof NotificationPreferences, checked: boolean) => void;
}) {
  return (
    <ul className="divide-y divide-zinc-200">
      {ITEMS.map((listed) => {
        const off = channels && listed.needs && !listed.needs(channels);
        const item = off && !listed.unavailable ? { ...listed, unavailable: CHANNEL_OFF_MESSAGE } : listed;
        const id = `pref-${item.key}`;
        return (
          <li key={item.key} className="flex items-center justify-between gap-4 py-3">
            <div>
              <Label htmlFor={id}>{item.group === 'Email' ? `Email: ${item.label}` : item.label}</Label>
              <p id={`${id}-desc`} className="mt-1 text-sm text-zinc-600">
                {item.description}
              </p>
              {item.unavailable ? (
                <p id={`${id}-why`} className="mt-1 text-sm font-medium text-amber-800">
                  {item.unavailable}
                </p>
              ) : null}
            </div>
            <Switch
              id={id}
              checked={item.unavailable ? false : prefs[item.key]}
              disabled={Boolean(item.unavailable)}
              aria-describedby={item.unavailable ? `${id}-desc ${id}-why` : `${id}-desc`}
              onCheckedChange={(checked) => onChange(item.key, checked)}
            />
          </li>
        );
      })}
    </ul>
  );
}
