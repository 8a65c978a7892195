import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createDeps } from '../resources';
import { useTestApp } from '../test/app';
import { redactUrl } from './logRedaction';

const t = useTestApp();

describe('the request log', () => {
  it('keeps no password reset token nor calendar feed token of a URL', async () => {
    const lines: string[] = [];
    const deps = createDeps(t.config);
    const app = await buildApp(deps, {
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
      realtime: false,
    });
    try {
      await app.ready();
      await app.inject('/reset-password?token=SECRET-RESET-TOKEN&x=1');
      await app.inject('/api/calendar/SECRET-FEED-TOKEN.ics');
      await app.inject('/api/zipcode/33139/city');
    } finally {
      await app.close();
      await deps.close();
    }
    const log = lines.join('');
    expect(log).toContain('"url":"/reset-password?token=[redacted]&x=1"');
    expect(log).toContain('"url":"/api/calendar/[redacted].ics"');
    expect(log).toContain('"url":"/api/zipcode/33139/city"');
    expect(log).not.toContain('SECRET');
  });

  it('redacts a token wherever the query names it, and nothing else', () => {
    expect(redactUrl('/x?a=1&TOKEN=abc#top')).toBe('/x?a=1&TOKEN=[redacted]#top');
    expect(redactUrl('/api/calendar/abc.ics?v=2')).toBe('/api/calendar/[redacted].ics?v=2');
    expect(redactUrl('/api/bookings?tokens=3')).toBe('/api/bookings?tokens=3');
  });
});
