import type { EventMetadata, StoredEvent } from '../eventstore/types';

/** Who may see an event, stored in its metadata when it is appended. Admins see everything. */
export interface Audience {
  userIds: number[];
  barberIds: number[];
}

export function audienceOf(event: StoredEvent): Audience {
  const a = (event.metadata as EventMetadata & { audience?: Audience }).audience;
  return { userIds: a?.userIds ?? [], barberIds: a?.barberIds ?? [] };
}

export function roomsOf(event: StoredEvent): string[] {
  const { userIds, barberIds } = audienceOf(event);
  return ['admin', ...userIds.map((id) => `user:${id}`), ...barberIds.map((id) => `barber:${id}`)];
}
