import { defaultNotificationPreferences, defaultPlatformSettings } from '@barber/shared';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { channelsFor, noticeJobs } from './dispatch';
import type { Notice } from './messages';

const on = defaultPlatformSettings;
const prefs = defaultNotificationPreferences;

describe('channelsFor: the notification switches act', () => {
  it('sends in-app and email by default', () => {
    expect(channelsFor(on, prefs, 'booking')).toEqual({ inApp: true, email: true });
  });

  it("creates no in-app notification when the recipient's own Push notifications is off", () => {
    expect(channelsFor(on, { ...prefs, pushNotifications: false }, 'booking')).toEqual({ inApp: false, email: true });
    expect(channelsFor(on, { ...prefs, pushNotifications: false }, 'reminder')).toEqual({ inApp: false, email: true });
  });

  it("creates no in-app notification for anyone when the platform's Push Notifications is off", () => {
    for (const category of ['booking', 'cancellation', 'reminder'] as const) {
      expect(channelsFor({ ...on, pushNotifications: false }, prefs, category).inApp).toBe(false);
    }
  });

  it('sends no notice of a new or changed booking when Booking Alerts is off; reminders still go', () => {
    const off = { ...on, bookingNotifications: false };
    expect(channelsFor(off, prefs, 'booking')).toEqual({ inApp: false, email: false });
    expect(channelsFor(off, prefs, 'cancellation')).toEqual({ inApp: false, email: false });
    expect(channelsFor(off, prefs, 'reminder')).toEqual({ inApp: true, email: true });
  });

  it('sends no email when Email Notifications is off or the preference for that kind is off', () => {
    expect(channelsFor({ ...on, emailNotifications: false }, prefs, 'booking')).toEqual({ inApp: true, email: false });
    expect(channelsFor(on, { ...prefs, emailCancellations: false }, 'cancellation')).toEqual({
      inApp: true,
      email: false,
    });
  });
});

describe('noticeJobs', () => {
  const notice: Notice = {
    to: 'barber',
    kind: 'booking_created',
    category: 'booking',
    title: 'New booking request',
    body: 'Ann requested a Fade.',
  };
  const barber = {
    userId: 7,
    name: 'Bo Barber',
    email: 'bo@example.com',
    preferences: { ...prefs, pushNotifications: false },
  };
  const parties = { customer: null, barber, customerName: 'Ann', barberName: 'Bo', serviceName: 'Fade' };
  const deps = (settings: typeof on) =>
    ({
      config: loadConfig({}, { NODE_ENV: 'test' }),
      settings: { get: async () => settings },
    }) as unknown as Parameters<typeof noticeJobs>[0];

  it('queues no in-app job for a barber whose Push notifications is off, and the email still', async () => {
    const jobs = await noticeJobs(deps(on), [notice], parties, { sourceKey: 'e1', bookingId: 'b1' });
    expect(jobs.map((j) => j.name)).toEqual(['email']);
    const allOn = await noticeJobs(
      deps(on),
      [notice],
      { ...parties, barber: { ...barber, preferences: prefs } },
      { sourceKey: 'e1', bookingId: 'b1' },
    );
    expect(allOn.map((j) => j.name)).toEqual(['in-app', 'email']);
  });
});
