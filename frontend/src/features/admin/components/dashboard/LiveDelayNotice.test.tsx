import type { LiveStatusAnswer } from '@barber/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LiveDelayNotice } from './LiveDelayNotice';

const onTime: LiveStatusAnswer = {
  liveUpdates: { lagMs: 120, delayed: false, behindEvents: 0, oldestBlockingXactAgeMs: null, consecutiveFailures: 0 },
  notifications: { lagMs: 0, delayed: false, behindEvents: 0 },
};
const render = (status: LiveStatusAnswer | undefined) => renderToStaticMarkup(<LiveDelayNotice status={status} />);
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'");

describe('LiveDelayNotice', () => {
  it('shows nothing while live updates and notifications are on time, or before the status is known', () => {
    expect(render(onTime)).toBe('');
    expect(render(undefined)).toBe('');
    expect(render({ liveUpdates: null, notifications: null })).toBe('');
  });

  it('says live updates are delayed, by how much and what holds them, as a status message', () => {
    const html = render({
      ...onTime,
      liveUpdates: {
        lagMs: 6 * 60_000,
        delayed: true,
        behindEvents: 3,
        oldestBlockingXactAgeMs: 7 * 60_000,
        consecutiveFailures: 0,
      },
    });
    expect(html).toContain('role="status"');
    expect(text(html)).toContain('Live updates delayed by 6 minutes');
    expect(text(html)).toContain('A database transaction open for 7 minutes is holding 3 changes back.');
    expect(text(html)).not.toContain('Emails');
  });

  it('says when the server cannot read the log, and when emails and reminders are late', () => {
    const html = render({
      liveUpdates: {
        lagMs: 30_000,
        delayed: true,
        behindEvents: 0,
        oldestBlockingXactAgeMs: null,
        consecutiveFailures: 4,
      },
      notifications: { lagMs: 120_000, delayed: true, behindEvents: 1 },
    });
    expect(text(html)).toContain('The server cannot read the event log right now.');
    expect(text(html)).toContain(
      'Emails and reminders delayed by 2 minutes: 1 booking change waits for the notification worker.',
    );
  });
});
