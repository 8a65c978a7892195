import { defaultPlatformSettings, type PlatformSettings } from '@barber/shared';
import { useForm } from 'react-hook-form';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NotificationSettingsCard, SecuritySettingsCard, type SettingsFormProps } from './SettingsCards';

function Cards({ values }: { values: PlatformSettings }) {
  const { control, register, formState } = useForm<PlatformSettings>({ defaultValues: values });
  const props: SettingsFormProps = {
    control,
    register,
    errors: formState.errors,
    rateLimitEnabled: values.rateLimitEnabled,
  };
  return (
    <>
      <NotificationSettingsCard {...props} />
      <SecuritySettingsCard {...props} />
    </>
  );
}

const isDisabled = (button: string) => /\sdisabled(=""|[\s>])/.test(button);

/** The switch buttons of the rendered cards, each with the text of the row it sits in. */
function switches(values: PlatformSettings): { row: string; button: string }[] {
  const html = renderToStaticMarkup(<Cards values={values} />);
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

  it('leaves the switches that act enabled', () => {
    const push = switches(values).find((s) => s.row.includes('Push Notifications'))!;
    expect(isDisabled(push.button)).toBe(false);
    expect(push.button).toContain('aria-checked="true"');
  });
});
