import { useEffect, useState } from 'react';
import { todayLocal, type LocalDate } from '@barber/shared';

/** The current time, re-rendered every `intervalMs` (relative times and "today" stay right). */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * Today's New York date, re-rendered when it changes: a range "ending today" on a screen left open overnight moves
 * with it (a booking completed in the morning is counted).
 */
export function useToday(): LocalDate {
  return todayLocal(new Date(useNow(60_000)));
}
