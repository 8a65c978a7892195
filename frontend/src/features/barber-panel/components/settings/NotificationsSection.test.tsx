import { defaultNotificationPreferences } from '@barber/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PreferenceSwitches } from './NotificationsSection';

/** The switch buttons, each with the text of the row it sits in. */
function switches(channels = { email: true, push: true, bookingAlerts: true }): { row: string; button: string }[] {
  const prefs = { ...defaultNotificationPreferences, smsBookingAlerts: true, smsCancellations: true };
  const html = renderToStaticMarkup(<PreferenceSwitches prefs={prefs} channels={channels} onChange={() => {}} />);
  return html
    .split('<li')
    .slice(1)
    .map((row) => ({
      row: row.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '),
      button: /<button[^>]*>/.exec(row)?.[0] ?? '',
    }));
}

const isDisabled = (button: string) => /\sdisabled(=""|[\s>])/.test(button);

describe('the barber notification switches', () => {
  it('shows the SMS switches off and disabled, saying they need an SMS provider, even when saved on', () => {
    const sms = switches().filter((s) => s.row.includes('SMS'));
    expect(sms).toHaveLength(2);
    for (const s of sms) {
      expect(s.row).toContain('Needs an SMS provider: none is configured on this platform.');
      expect(isDisabled(s.button)).toBe(true);
      expect(s.button).toContain('aria-checked="false"');
    }
  });

  it('leaves the email and push switches working', () => {
    const others = switches().filter((s) => !s.row.includes('SMS'));
    expect(others).toHaveLength(4);
    for (const s of others) {
      expect(isDisabled(s.button)).toBe(false);
      expect(s.row).not.toContain('SMS provider');
    }
  });

  it('says a channel an administrator turned off for the platform is off, and disables its switches', () => {
    const off = (row: { row: string; button: string }) =>
      row.row.includes('Turned off for the whole platform by an administrator.') && isDisabled(row.button);
    const names = ['Booking confirmations', 'Cancellations', 'Appointment reminders', 'Push notifications'];
    const label = (row: { row: string }) => names.find((n) => row.row.includes(n));
    const noEmail = switches({ email: false, push: true, bookingAlerts: true });
    expect(noEmail.filter(off).map(label)).toEqual(['Booking confirmations', 'Cancellations', 'Appointment reminders']);
    const noPush = switches({ email: true, push: false, bookingAlerts: true });
    expect(noPush.filter(off).map(label)).toEqual(['Push notifications']);
    // Booking Alerts off: no notice of bookings; reminders still go
    const noAlerts = switches({ email: true, push: true, bookingAlerts: false });
    expect(noAlerts.filter(off)).toHaveLength(2);
    expect(noAlerts.filter(off).every((r) => !r.row.includes('reminder'))).toBe(true);
  });
});
