import type { ReactNode } from 'react';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { SMS_UNAVAILABLE_MESSAGE, type PlatformSettings } from '@barber/shared';
import { TitledCard } from '../../../../components/ui/Card';
import { InputField, TextareaField } from '../../../../components/ui/FormField';
import { NumberField, SwitchRow } from './fields';

export interface SettingsFormProps {
  control: Control<PlatformSettings>;
  register: UseFormRegister<PlatformSettings>;
  errors: FieldErrors<PlatformSettings>;
  rateLimitEnabled: boolean;
  /** Why the Fee Collection switch cannot act (no Stripe keys), when it cannot. */
  feeCollectionUnavailable?: string;
}

function SettingsCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <TitledCard title={title} description={description} contentClassName="space-y-4">
      {children}
    </TitledCard>
  );
}

export function PlatformConfigurationCard({ control, register, errors }: SettingsFormProps) {
  return (
    <SettingsCard title="Platform Configuration" description="General platform information and access">
      <InputField label="Platform Name" error={errors.platformName?.message} {...register('platformName')} />
      <TextareaField
        label="Platform Description"
        hint="Shown in the site footer and as the pages' description in search results."
        error={errors.platformDescription?.message}
        rows={3}
        {...register('platformDescription')}
      />
      <SwitchRow
        control={control}
        name="maintenanceMode"
        label="Maintenance Mode"
        description="Only administrators can use the platform while it is on"
      />
      <SwitchRow
        control={control}
        name="registrationEnabled"
        label="User Registration"
        description="Allow new user registrations"
      />
    </SettingsCard>
  );
}

export function NotificationSettingsCard({ control }: SettingsFormProps) {
  return (
    <SettingsCard title="Notification Settings" description="How the platform notifies its users">
      <SwitchRow
        control={control}
        name="emailNotifications"
        label="Email Notifications"
        description="Send notifications by email"
      />
      <SwitchRow
        control={control}
        name="smsNotifications"
        label="SMS Notifications"
        description="Send notifications by text message"
        unavailable={SMS_UNAVAILABLE_MESSAGE}
      />
      <SwitchRow
        control={control}
        name="pushNotifications"
        label="Push Notifications"
        description="Send in-app push notifications"
      />
      <SwitchRow
        control={control}
        name="bookingNotifications"
        label="Booking Alerts"
        description="Notify about new and changed bookings, payments, refunds and waitlist openings (reminders have their own switch)"
      />
    </SettingsCard>
  );
}

export function SecuritySettingsCard({ control, register, errors }: SettingsFormProps) {
  return (
    <SettingsCard title="Security Settings" description="Passwords and sessions">
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField
          register={register}
          name="passwordMinLength"
          label="Minimum Password Length"
          min={6}
          max={20}
          error={errors.passwordMinLength?.message}
        />
        <NumberField
          register={register}
          name="sessionTimeout"
          label="Session Timeout (hours)"
          min={1}
          max={168}
          error={errors.sessionTimeout?.message}
        />
      </div>
      <SwitchRow
        control={control}
        name="twoFactorEnabled"
        label="Two-Factor Authentication"
        description="Require 2FA for admin accounts"
      />
    </SettingsCard>
  );
}

export function BusinessSettingsCard({ control, register, errors, feeCollectionUnavailable }: SettingsFormProps) {
  return (
    <SettingsCard title="Business Settings" description="Fees, minimums and approvals">
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField
          register={register}
          name="platformFeePercentage"
          label="Platform Fee (%)"
          min={0}
          max={30}
          step={0.5}
          hint="From 0 to 30, in steps of 0.5."
          error={errors.platformFeePercentage?.message}
        />
        <NumberField
          register={register}
          name="minimumBookingAmount"
          label="Minimum Booking ($)"
          min={5}
          max={100}
          error={errors.minimumBookingAmount?.message}
        />
        <NumberField
          register={register}
          name="cancellationWindow"
          label="Cancellation Window (hours)"
          min={1}
          max={72}
          hint="Customers may cancel until this many hours before the start."
          error={errors.cancellationWindow?.message}
        />
        <NumberField
          register={register}
          name="pendingBookingExpiryMinutes"
          label="Checkout Expiry (minutes)"
          min={1}
          max={1440}
          hint="An unpaid booking releases the barber's time after this long."
          error={errors.pendingBookingExpiryMinutes?.message}
        />
      </div>
      <SwitchRow
        control={control}
        name="autoApproveBarbers"
        label="Auto-Approve Barbers"
        description="Verify new barbers without review"
      />
      <SwitchRow
        control={control}
        name="feeCollectionEnabled"
        label="Fee Collection"
        description="Collect payments and platform fees; when off, bookings are confirmed without payment"
        unavailable={feeCollectionUnavailable}
      />
    </SettingsCard>
  );
}

export function RateLimitCard({ control, register, errors, rateLimitEnabled }: SettingsFormProps) {
  return (
    <SettingsCard title="Rate Limiting & Security" description="Limits on requests and sign-in attempts">
      <SwitchRow
        control={control}
        name="rateLimitEnabled"
        label="Rate Limiting"
        description="Limit requests and sign-in attempts"
      />
      {rateLimitEnabled ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField
            register={register}
            name="maxRequestsPerMinute"
            label="Max Requests per Minute"
            min={10}
            max={1000}
            error={errors.maxRequestsPerMinute?.message}
          />
          <NumberField
            register={register}
            name="maxLoginAttempts"
            label="Max Login Attempts"
            min={3}
            max={10}
            error={errors.maxLoginAttempts?.message}
          />
          <NumberField
            register={register}
            name="loginCooldownMinutes"
            label="Login Cooldown (minutes)"
            min={5}
            max={60}
            error={errors.loginCooldownMinutes?.message}
          />
        </div>
      ) : null}
    </SettingsCard>
  );
}
