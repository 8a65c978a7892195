import { AVAILABILITY_OPENED, availabilityStreamId, type AvailabilityOpenedData } from '@barber/shared';
import type { Tx } from '../db/connect';
import type { AvailabilityBlock } from '../bookings/slotRules';
import { appendToStream, streamVersion } from '../eventstore/store';

type BlockShape = AvailabilityOpenedData['after'];

const shape = (b: Omit<AvailabilityBlock, 'id' | 'barberId'>): BlockShape => ({
  dayOfWeek: b.dayOfWeek,
  startTime: b.startTime,
  endTime: b.endTime,
  serviceCounties: [...b.serviceCounties],
  serviceCities: [...b.serviceCities],
  travelBuffer: b.travelBuffer,
  isActive: b.isActive,
});

/**
 * Records in the event log, inside the transaction that saves a time block, that the block may have
 * opened time (it is active, and new or changed): the waitlist's subscriber reads it and tells whoever
 * waits for a slot it opened. The caller holds the barber's row lock (lockBarberBlocks), which keeps the
 * stream's versions in order. Returns whether an event was appended (wake the tailers after the commit).
 */
export async function recordAvailabilityOpened(
  tx: Tx,
  barberId: number,
  blockId: number,
  before: Omit<AvailabilityBlock, 'id' | 'barberId'> | null,
  after: Omit<AvailabilityBlock, 'id' | 'barberId'>,
  actor: { id: number; role: string },
  /** The request that saved the block (its id): the waitlist's offers carry it on. */
  correlationId: string,
): Promise<boolean> {
  if (!after.isActive) return false;
  const data: AvailabilityOpenedData = {
    barberId,
    blockId,
    before: before ? shape(before) : null,
    after: shape(after),
  };
  if (data.before && JSON.stringify(data.before) === JSON.stringify(data.after)) return false;
  const streamId = availabilityStreamId(barberId);
  await appendToStream(
    tx,
    streamId,
    await streamVersion(tx, streamId),
    [{ type: AVAILABILITY_OPENED, data: data as unknown as Record<string, unknown> }],
    // nobody but administrators is shown it live
    { actorUserId: actor.id, actorRole: actor.role, correlationId, audience: { userIds: [], barberIds: [] } },
  );
  return true;
}
