import {
  AVAILABILITY_OPENED,
  availabilityOpenedDataSchema,
  dayOfWeekLocal,
  EMAIL_JOB,
  fold,
  IN_APP_JOB,
  isOpenStatus,
  todayLocal,
  toInstant,
  SLOT_FREEING_EVENTS,
  WAITLIST_SLOT_OPENED,
  waitlistBookingPath,
  waitlistSlotOpenedDataSchema,
  type AvailabilityOpenedData,
  type WaitlistSlotOpenedData,
} from '@barber/shared';
import { isBookingStream, toBookingEvent } from '../bookings/projections';
import { heldRange, type AvailabilityBlock } from '../bookings/slotRules';
import type { Sql } from '../db/connect';
import { appendToStream, streamVersion } from '../eventstore/store';
import { storesAnswer } from '../jobs/queues';
import { startSubscription, type RunningSubscription, type SubscriptionOptions } from '../eventstore/subscription';
import type { StoredEvent } from '../eventstore/types';
import { announceAppend } from '../eventstore/wakeups';
import { channelsFor, letter, type NoticeJob, type NotifyDeps } from '../notifications/dispatch';
import { formatWhen } from '../notifications/messages';
import { queueNotices } from '../notifications/outbox';
import { preferencesOf, preferencesOfUsers } from '../notifications/people';
import { loadDayData, openEntriesOfDay, slotsForEntry, waitedDays, type DayData, type EntryRow } from './queries';

/*
 * The waitlist's subscriber (issue 13, part 2), run by the worker beside the booking notifier. It follows
 * the event log from a cursor persisted in `subscriptions` (name `waitlist`) and:
 *
 * 1. on a change that frees time of a barber (a booking cancelled, expired or rescheduled away, a time
 *    block created, widened or re-activated), works out which slots the change opened, by comparing the
 *    day's free slots now with those the day would have without the change, and for each open entry of
 *    that day with an opened slot in its range, in order of joining, appends `waitlistSlotOpened` to the
 *    entry's stream (`waitlist-{entryId}`, audience: its customer, so the live path pushes it to their
 *    open pages) and records the slot on the entry, all in one transaction;
 * 2. on `waitlistSlotOpened`, queues the in-app notification and, when the customer's preferences and
 *    the platform allow, the email with the link to the booking widget on that barber, date and time.
 *
 * Both steps are idempotent (an entry's offer per source event is looked up before appending; job ids
 * and source keys derive from the event id), and the cursor is saved after them: a crash in between
 * handles the events again and changes nothing. The slot is not held for anyone.
 */

export const WAITLIST_SUBSCRIPTION = 'waitlist';
export const waitlistStreamId = (entryId: number) => `waitlist-${entryId}`;

export type WaitlistDeps = NotifyDeps & { sql: Sql; clock?: () => Date };

export interface WaitlistNotifierOptions {
  name?: string;
  pollMs?: number;
  retryMs?: number;
  /** The process's logger (pino): every failure is logged through it. */
  log: SubscriptionOptions['log'];
}

export type RunningWaitlistNotifier = RunningSubscription;

/** A durable subscription (eventstore/subscription.ts) that starts at the head: what was freed before it existed is not announced. */
export function startWaitlistNotifier(
  deps: WaitlistDeps,
  options: WaitlistNotifierOptions,
): Promise<RunningWaitlistNotifier> {
  return startSubscription(deps.sql, {
    ...options,
    name: options.name ?? WAITLIST_SUBSCRIPTION,
    label: 'waitlist subscriber',
    healthy: () => storesAnswer(deps),
    handle: async (event, scope) => {
      if (isBookingStream(event.streamId) && SLOT_FREEING_EVENTS.has(event.type))
        await onBookingFreed(deps, event, await scope.stream(event.streamId));
      else if (event.type === AVAILABILITY_OPENED) await onAvailabilityOpened(deps, event);
      else if (event.type === WAITLIST_SLOT_OPENED) await notifyCustomer(deps, event);
    },
  });
}

const nowOf = (deps: WaitlistDeps) => deps.clock?.() ?? new Date();

/* ---------- 1. what a change opened, and who is told ---------- */

/** A booking that held time gave it up: its old range on its old day is what may have opened. */
async function onBookingFreed(deps: WaitlistDeps, event: StoredEvent, history: StoredEvent[]): Promise<void> {
  const before = fold(history.filter((e) => e.streamVersion < event.streamVersion).map(toBookingEvent));
  if (!before.created || !isOpenStatus(before.status)) return;
  const freed = heldRange(before.date, before.startTime, before.endTime, before.travelBuffer);
  await offerOpenedSlots(deps, event, {
    barberId: before.barberId,
    dates: [before.date],
    without: (day) => ({ ...day, held: [...day.held, freed] }),
    exceptCustomerId: before.customerId,
  });
}

/** A time block was created, widened or re-activated: every waited-for day of its weekday may have opened. */
async function onAvailabilityOpened(deps: WaitlistDeps, event: StoredEvent): Promise<void> {
  const data: AvailabilityOpenedData = availabilityOpenedDataSchema.parse(event.data);
  const today = todayLocal(nowOf(deps));
  const dates = (await waitedDays(deps.sql, data.barberId, today)).filter(
    (d) => dayOfWeekLocal(d) === data.after.dayOfWeek,
  );
  await offerOpenedSlots(deps, event, {
    barberId: data.barberId,
    dates,
    without: (day) => {
      const blocks: AvailabilityBlock[] = day.blocks.filter((b) => b.id !== data.blockId);
      if (data.before) blocks.push({ ...data.before, id: data.blockId, barberId: data.barberId });
      return { ...day, blocks };
    },
  });
}

interface Opening {
  barberId: number;
  dates: string[];
  /** The day as it would be without the change. */
  without: (day: DayData) => DayData;
  /** The customer whose own booking freed the time is not told of it. */
  exceptCustomerId?: number;
}

interface Offer {
  entry: EntryRow;
  startTime: string;
}

async function offerOpenedSlots(deps: WaitlistDeps, event: StoredEvent, opening: Opening): Promise<void> {
  const now = nowOf(deps);
  for (const date of opening.dates) {
    const entries = (await openEntriesOfDay(deps.sql, opening.barberId, date)).filter(
      (e) => e.customerId !== opening.exceptCustomerId,
    );
    if (entries.length === 0) continue;
    const day = await loadDayData(deps.sql, opening.barberId, date);
    if (!day) continue;
    const without = opening.without(day);
    const offers: Offer[] = [];
    for (const entry of entries) {
      const before = new Set(slotsForEntry(entry, date, without, now));
      const opened = slotsForEntry(entry, date, day, now).find((t) => !before.has(t));
      if (opened) offers.push({ entry, startTime: opened });
    }
    if (offers.length > 0) await appendOffers(deps, event, offers);
  }
}

/** One transaction: the `waitlistSlotOpened` events in order of joining, and the slot recorded on each entry. */
async function appendOffers(deps: WaitlistDeps, source: StoredEvent, offers: Offer[]): Promise<void> {
  const settings = await deps.settings.get();
  const preferences = await preferencesOfUsers(
    deps.sql,
    offers.map((o) => o.entry.customerId),
  );
  const appended = await deps.sql.begin(async (tx) => {
    let count = 0;
    for (const { entry, startTime } of offers) {
      const streamId = waitlistStreamId(entry.id);
      // the entry's row lock orders writers of its stream; a left entry is told nothing
      const [open] = await tx`SELECT id FROM waitlist_entries WHERE id = ${entry.id} AND left_at IS NULL FOR UPDATE`;
      if (!open) continue;
      const [already] =
        await tx`SELECT 1 FROM events WHERE stream_id = ${streamId} AND data ->> 'sourceEventId' = ${source.eventId} LIMIT 1`;
      if (already) continue;
      const data: WaitlistSlotOpenedData = {
        entryId: entry.id,
        customerId: entry.customerId,
        barberId: entry.barberId,
        serviceId: entry.serviceId,
        date: entry.date,
        zipcode: entry.zipcode,
        startTime,
        cause: source.type === AVAILABILITY_OPENED ? 'availability' : source.type,
        sourceEventId: source.eventId,
      };
      // pushed live (the "A slot opened" banner) only to a customer whose in-app notices are on, as the bell's row
      const live = channelsFor(settings, preferences.get(entry.customerId)!, 'booking').inApp;
      await appendToStream(
        tx,
        streamId,
        await streamVersion(tx, streamId),
        [{ type: WAITLIST_SLOT_OPENED, data: data as unknown as Record<string, unknown> }],
        {
          actorRole: 'system',
          causationId: source.eventId,
          ...(source.metadata.correlationId ? { correlationId: source.metadata.correlationId } : {}),
          audience: { userIds: live ? [entry.customerId] : [], barberIds: [] },
        },
      );
      await tx`UPDATE waitlist_entries SET notified_at = now(), notified_slot = ${startTime} WHERE id = ${entry.id}`;
      count += 1;
    }
    return count;
  });
  if (appended > 0) announceAppend(deps.sql);
}

/* ---------- 2. telling the customer ---------- */

async function notifyCustomer(deps: WaitlistDeps, event: StoredEvent): Promise<void> {
  const offer = waitlistSlotOpenedDataSchema.parse(event.data);
  const [row] = await deps.sql<
    { email: string; name: string; prefs: unknown; barberName: string; serviceName: string | null }[]
  >`
    SELECT u.email, u.full_name AS name, p.data AS prefs, coalesce(nullif(bu.full_name, ''), bu.username) AS "barberName", s.name AS "serviceName"
      FROM waitlist_entries w
      JOIN users u ON u.id = w.customer_id
      LEFT JOIN notification_preferences p ON p.user_id = u.id
      JOIN barbers b ON b.id = w.barber_id JOIN users bu ON bu.id = b.user_id
      LEFT JOIN services s ON s.id = w.service_id
     WHERE w.id = ${offer.entryId} AND w.left_at IS NULL`;
  if (!row) return; // left meanwhile
  // Offered when it was ahead; told late (the worker was down), a time already begun is no offer.
  if (toInstant(offer.date, offer.startTime).getTime() <= nowOf(deps).getTime()) return;
  const settings = await deps.settings.get();
  const channels = channelsFor(settings, preferencesOf(row.prefs), 'booking');
  const when = formatWhen(offer.date, offer.startTime);
  const what = row.serviceName ? `${row.serviceName} ` : '';
  const title = 'A slot opened';
  const body = `A ${what}slot opened with ${row.barberName} on ${when}. It is not held for you: book it before someone else does.`;
  const key = `waitlist-${event.eventId}`;
  const jobs: NoticeJob[] = [];
  if (channels.inApp) {
    jobs.push({
      name: IN_APP_JOB,
      data: {
        userId: offer.customerId,
        kind: 'waitlist_slot_opened',
        title,
        body,
        bookingId: null,
        sourceKey: key,
        category: 'booking',
      },
      opts: { jobId: `inapp-${key}` },
    });
  }
  if (channels.email) {
    const link = deps.config.PUBLIC_URL
      ? `\n\nBook it: ${deps.config.PUBLIC_URL.replace(/\/$/, '')}${waitlistBookingPath(offer)}`
      : '';
    jobs.push({
      name: EMAIL_JOB,
      data: {
        userId: offer.customerId,
        to: row.email,
        subject: `${title} - ${settings.platformName}`,
        text: letter(row.name, `${body}${link}`, settings.platformName),
        sourceKey: `${key}-email`,
        category: 'booking',
      },
      opts: { jobId: `email-${key}` },
    });
  }
  await queueNotices(deps, jobs);
}
