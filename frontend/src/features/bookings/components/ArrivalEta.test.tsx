import { toInstant } from '@barber/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ArrivalEta } from './ArrivalEta';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const NOW = toInstant('2026-11-24', '10:15');
const ETA = toInstant('2026-11-24', '10:27').toISOString();

afterEach(() => vi.useRealTimers());

describe('ArrivalEta on the customer booking card (issue 13)', () => {
  it('says how many minutes the barber on the way has left, and the clock time', () => {
    vi.useFakeTimers({ now: NOW });
    expect(text(renderToStaticMarkup(<ArrivalEta booking={{ status: 'en_route', etaAt: ETA }} />))).toBe(
      'Arriving in about 12 min (10:27 AM)',
    );
  });

  it('says "Running a little late" once the time has passed, never a negative number', () => {
    vi.useFakeTimers({ now: toInstant('2026-11-24', '10:31') });
    const html = text(renderToStaticMarkup(<ArrivalEta booking={{ status: 'en_route', etaAt: ETA }} />));
    expect(html).toBe('Running a little late');
    expect(html).not.toMatch(/-\d/);
  });

  it('shows nothing unless the barber is on the way with an arrival time', () => {
    vi.useFakeTimers({ now: NOW });
    expect(renderToStaticMarkup(<ArrivalEta booking={{ status: 'arrived', etaAt: ETA }} />)).toBe('');
    expect(renderToStaticMarkup(<ArrivalEta booking={{ status: 'en_route', etaAt: null }} />)).toBe('');
    expect(renderToStaticMarkup(<ArrivalEta booking={{ status: 'confirmed', etaAt: null }} />)).toBe('');
  });
});
