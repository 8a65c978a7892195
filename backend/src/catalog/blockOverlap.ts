import { AppError } from '@barber/shared';
import type { AvailabilityBlock } from '../bookings/slotRules';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

type BlockTimes = Pick<AvailabilityBlock, 'dayOfWeek' | 'startTime' | 'endTime' | 'isActive'>;

/** The first active block of the same day whose [start, end) intersects the candidate's (HH:mm compares as text). */
function overlappingBlock<B extends BlockTimes & { id: number }>(
  existing: B[],
  candidate: BlockTimes,
  exceptId?: number,
): B | undefined {
  if (!candidate.isActive) return undefined;
  return existing.find(
    (b) =>
      b.id !== exceptId &&
      b.isActive &&
      b.dayOfWeek === candidate.dayOfWeek &&
      b.startTime < candidate.endTime &&
      candidate.startTime < b.endTime,
  );
}

/** Refuses a block drawn on top of another active block of the barber, naming that block. */
export function assertNoOverlap(existing: AvailabilityBlock[], candidate: BlockTimes, exceptId?: number): void {
  const other = overlappingBlock(existing, candidate, exceptId);
  if (other) {
    throw new AppError(
      'CONFLICT',
      `This time overlaps your ${WEEKDAYS[other.dayOfWeek]} ${other.startTime}-${other.endTime} block.`,
      {
        blockId: other.id,
      },
    );
  }
}
