import { describe, expect, it, vi } from 'vitest';
import type { LiveServer } from './hub';
import { SessionRecheck, sessionRoom } from './sessionRecheck';

/** The part of a Socket.IO server the recheck uses: its rooms (a socket's own, sessions'), and disconnecting a room. */
function server(sessionIds: string[]) {
  const disconnected: string[] = [];
  const rooms = new Map<string, Set<string>>();
  sessionIds.forEach((id, i) => {
    rooms.set(`s${i}`, new Set([`s${i}`]));
    rooms.set(sessionRoom(id), new Set([...(rooms.get(sessionRoom(id)) ?? []), `s${i}`]));
  });
  const io = {
    of: () => ({ adapter: { rooms } }),
    in: (room: string) => ({ disconnectSockets: () => void disconnected.push(room) }),
  } as unknown as LiveServer;
  return { io, disconnected };
}

describe('SessionRecheck', () => {
  it('disconnects the rooms of the sessions that no longer exist, asking for each session once, in batches', async () => {
    const ids = Array.from({ length: 1200 }, (_, i) => `id${i}`);
    const { io, disconnected } = server([...ids, 'id0', 'id1']);
    const asked: number[] = [];
    const recheck = new SessionRecheck(
      io,
      async (batch) => {
        asked.push(batch.length);
        return new Set(batch.filter((id) => Number(id.slice(2)) % 100 !== 0));
      },
      { retryMs: 10, log: () => {} },
    );
    recheck.run();
    await vi.waitUntil(() => disconnected.length === 12);
    expect(asked).toEqual([500, 500, 200]);
    expect(disconnected).toEqual(ids.filter((_, i) => i % 100 === 0).map(sessionRoom));
  });

  it('tries again after retryMs when the lookup fails, logging once, and runs once more when asked during a pass', async () => {
    const { io, disconnected } = server(['gone']);
    const log = vi.fn();
    let calls = 0;
    const recheck = new SessionRecheck(
      io,
      async () => {
        calls++;
        if (calls <= 3) throw new Error('Redis unreachable');
        return new Set<string>();
      },
      { retryMs: 20, log },
    );
    recheck.run();
    await vi.waitUntil(() => disconnected.length === 1, { timeout: 1000 });
    expect(log).toHaveBeenCalledOnce();
    expect(calls).toBe(4);

    recheck.run();
    recheck.run(); // while the first is running: one more pass after it, not two
    await vi.waitUntil(() => calls === 6, { timeout: 1000 });
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toBe(6);
    recheck.stop();
  });
});
