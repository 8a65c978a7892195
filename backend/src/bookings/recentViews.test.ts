import type { BookingView } from '@barber/shared';
import { describe, expect, it } from 'vitest';
import { recentView, rememberView } from './recentViews';

const view = (id: string, version: number) => ({ id, version }) as BookingView;

describe('recent booking views', () => {
  it('answers a view only at exactly the version it was remembered at', () => {
    rememberView(view('b-1', 3));
    expect(recentView('b-1', 3)).toEqual(view('b-1', 3));
    expect(recentView('b-1', 2)).toBeUndefined();
    expect(recentView('b-1', 4)).toBeUndefined();
    expect(recentView('b-2', 3)).toBeUndefined();
  });

  it('keeps the newest view of a booking, and a bounded number of bookings', () => {
    rememberView(view('b-3', 1));
    rememberView(view('b-3', 2));
    expect(recentView('b-3', 1)).toBeUndefined();
    for (let i = 0; i < 2500; i++) rememberView(view(`many-${i}`, 1));
    expect(recentView('b-3', 2)).toBeUndefined();
    expect(recentView('many-2499', 1)).toBeDefined();
  });
});
