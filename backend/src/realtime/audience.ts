import { realtimeRooms } from '@barber/shared';
import type { AuthUser } from '../accounts/queries';
import type { EventMetadata, StoredEvent } from '../eventstore/types';

/** Who may see an event, stored in its metadata when it is appended. Admins see everything. */
export interface Audience {
  userIds: number[];
  barberIds: number[];
}

export type LiveUser = Pick<AuthUser, 'id' | 'role' | 'barberId'>;

function audienceOf(event: StoredEvent): Audience {
  const a = (event.metadata as EventMetadata & { audience?: Partial<Audience> }).audience;
  return { userIds: a?.userIds ?? [], barberIds: a?.barberIds ?? [] };
}

/** The rooms an event is pushed to: its audience's and the administrators'. */
export function roomsOf(event: StoredEvent): string[] {
  const { userIds, barberIds } = audienceOf(event);
  return [realtimeRooms.admin, ...userIds.map(realtimeRooms.user), ...barberIds.map(realtimeRooms.barber)];
}

/** The rooms a user's socket joins; must agree with `roomsOf` and with the replay's SQL filter. */
export function roomsOfUser(user: LiveUser): string[] {
  const rooms = [realtimeRooms.user(user.id)];
  if (user.barberId !== null) rooms.push(realtimeRooms.barber(user.barberId));
  if (user.role === 'admin') rooms.push(realtimeRooms.admin);
  return rooms;
}
