import type { BookingView } from '@barber/shared';

/*
 * The booking views this process's commands just answered, by booking id. The live push sends each
 * event with the booking's read model; for a change made here, the view at that very version is
 * already in memory, so the push need not read it back from Postgres. Only an exact version match
 * is used, so a stale entry is never sent; anything else is read as before.
 */
const MAX = 2000;
const views = new Map<string, BookingView>();

export function rememberView(view: BookingView): void {
  views.delete(view.id);
  views.set(view.id, view);
  if (views.size > MAX) views.delete(views.keys().next().value!);
}

/** The view of the booking at exactly this version, when a command of this process answered it. */
export function recentView(bookingId: string, version: number): BookingView | undefined {
  const view = views.get(bookingId);
  return view?.version === version ? view : undefined;
}
