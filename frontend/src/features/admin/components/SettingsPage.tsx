import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useLeaveWarning } from '../../../lib/useLeaveWarning';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  defaultPlatformSettings,
  platformSettingsSchema,
  STRIPE_KEYS_MISSING,
  type PlatformSettings,
} from '@barber/shared';
import { SubmitButton } from '../../../components/ui/Button';
import { PageHeader } from '../../../components/ui/PageTitle';
import { LoadingStatus, Skeleton } from '../../../components/ui/Spinner';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { useAdminSettings, useSaveSettings, useStripeConfigured } from '../api/settings';
import { ErrorNotice } from '../../../components/ui/ErrorNotice';
import {
  BusinessSettingsCard,
  NotificationSettingsCard,
  PlatformConfigurationCard,
  RateLimitCard,
  SecuritySettingsCard,
} from './settings/SettingsCards';

const RATE_LIMIT_FIELDS = ['maxRequestsPerMinute', 'maxLoginAttempts', 'loginCooldownMinutes'] as const;

/** Platform settings (barber-and-admin spec "Admin settings", bounds of §5). */
export function SettingsPage() {
  const settings = useAdminSettings();
  const save = useSaveSettings();
  const stripe = useStripeConfigured();
  const {
    control,
    register,
    handleSubmit,
    reset,
    resetField,
    watch,
    formState: { errors, isDirty },
  } = useForm<PlatformSettings>({
    resolver: zodResolver(platformSettingsSchema),
    defaultValues: defaultPlatformSettings,
  });
  useLeaveWarning(isDirty);

  // The loaded settings replace the form (also after a save, when they are read again).
  useEffect(() => {
    if (settings.data) reset(settings.data);
  }, [settings.data, reset]);

  // Rate limiting off hides its fields: what was typed there goes back to the saved values, which the save keeps
  // (an invalid hidden value would refuse the save with nothing on screen to say why).
  const rateLimitEnabled = watch('rateLimitEnabled');
  useEffect(() => {
    if (rateLimitEnabled) return;
    for (const name of RATE_LIMIT_FIELDS) resetField(name);
  }, [rateLimitEnabled, resetField]);

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        await save.mutateAsync(values);
        toast({ title: 'Settings Updated', description: 'Platform settings have been updated successfully.' });
      } catch (error) {
        toast({ title: 'Update Failed', description: errorMessage(error), variant: 'destructive' });
      }
    },
    // the fields say what is wrong; the toast says that nothing was saved
    (invalid) => {
      const first = Object.values(invalid).find((e) => e?.message)?.message;
      toast({ title: 'Update Failed', description: first ?? undefined, variant: 'destructive' });
    },
  );

  const props = {
    control,
    register,
    errors,
    rateLimitEnabled,
    feeCollectionUnavailable: stripe.data === false ? STRIPE_KEYS_MISSING : undefined,
  };

  return (
    <div>
      <PageHeader title="Platform Settings" description="Configure platform-wide settings" />
      {settings.isPending ? (
        <LoadingStatus label="Loading settings" className="space-y-6" aria-busy="true">
          <Skeleton className="h-56 w-full" />
          <Skeleton className="h-56 w-full" />
        </LoadingStatus>
      ) : settings.isError ? (
        <ErrorNotice title="Could not load the platform settings" onRetry={() => void settings.refetch()} />
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-6">
          <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
            <PlatformConfigurationCard {...props} />
            <NotificationSettingsCard {...props} />
            <SecuritySettingsCard {...props} />
            <BusinessSettingsCard {...props} />
            <RateLimitCard {...props} />
          </div>
          <div className="flex justify-end">
            <SubmitButton pending={save.isPending} pendingLabel="Saving...">
              Save Settings
            </SubmitButton>
          </div>
        </form>
      )}
    </div>
  );
}
