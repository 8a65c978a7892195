import { defaultPlatformSettings, STRIPE_KEYS_MISSING, type PlatformSettings } from '@barber/shared';
import { useForm } from 'react-hook-form';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  BusinessSettingsCard,
  NotificationSettingsCard,
  SecuritySettingsCard,
  type SettingsFormProps,
} from './SettingsCards';

function Cards({ values, feeCollectionUnavailable }: { values: PlatformSettings; feeCollectionUnavailable?: string }) {
  const { control, register, formState } = useForm<PlatformSettings>({ defaultValues: values });
  const props: SettingsFormProps = {
    control,
    register,
    errors: formState.errors,
    rateLimitEnabled: values.rateLimitEnabled,
    feeCollectionUnavailable,
  };
  return (
    <>
      <NotificationSettingsCard {...props} />
      <SecuritySettingsCard {...props} />
      <BusinessSettingsCard {...props} />
    </>
  );
}

const isDisabled = (button: string) => /\sdisabled(=""|[\s>])/.test(button);

/** The switch buttons of the rendered cards, each with the text of the row it sits in. */
function switches(values: PlatformSettings, feeCollectionUnavailable?: string): { row: string; button: string }[] {
  const html = renderToStaticMarkup(<Cards values={values} feeCollectionUnavailable={feeCollectionUnavailable} />);
  const rows = html.split('<label').slice(1);
  return rows.map((row) => ({
    row: row.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '),
    button: /<button[^>]*>/.exec(row)?.[0] ?? '',
  }));
}

describe('Platform Settings switches that cannot act', () => {
  const values = { ...defaultPlatformSettings, smsNotifications: true, twoFactorEnabled: true };

  it('disables SMS Notifications and says it needs an SMS provider', () => {
    const sms = switches(values).find((s) => s.row.includes('SMS Notifications'))!;
    expect(sms.row.toLowerCase()).toContain('needs an sms provider');
    expect(isDisabled(sms.button)).toBe(true);
    expect(sms.button).toContain('aria-checked="false"');
  });

  it('leaves Two-Factor Authentication enabled: two-factor sign-in is real (issue 10)', () => {
    const twoFactor = switches(values).find((s) => s.row.includes('Two-Factor Authentication'))!;
    expect(twoFactor.row).toContain('Require 2FA for admin accounts');
    expect(twoFactor.row).not.toContain('not available yet');
    expect(isDisabled(twoFactor.button)).toBe(false);
    expect(twoFactor.button).toContain('aria-checked="true"');
  });

  it('disables Fee Collection and says why when Stripe has no keys, and leaves it working when it has', () => {
    const fee = (why?: string) => switches(values, why).find((s) => s.row.includes('Fee Collection'))!;
    const missing = fee(STRIPE_KEYS_MISSING);
    expect(missing.row).toContain('Stripe keys are not configured');
    expect(isDisabled(missing.button)).toBe(true);
    expect(missing.button).toContain('aria-checked="false"');
    expect(isDisabled(fee().button)).toBe(false);
  });

  it('leaves the switches that act enabled', () => {
    const push = switches(values).find((s) => s.row.includes('Push Notifications'))!;
    expect(isDisabled(push.button)).toBe(false);
    expect(push.button).toContain('aria-checked="true"');
  });
});
