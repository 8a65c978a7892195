import type { LiveServer } from './hub';

/** Sessions asked about in one Redis pipeline. */
const BATCH = 500;

const SESSION_ROOM = 'session:';
/** The room of a session's sockets on this instance: its end disconnects them. */
export const sessionRoom = (sessionId: string) => `${SESSION_ROOM}${sessionId}`;

/**
 * Disconnects this instance's sockets whose session no longer exists. A session ended elsewhere is
 * announced on the invalidation bus, and each instance disconnects its sockets of it; an instance that
 * may have missed announcements (its subscriber reconnected, or it has heard nothing for a while) asks
 * Redis instead, for every session it has sockets of. One pass at a time; a pass asked for meanwhile
 * runs after it, and a pass that fails (Redis unreachable) is tried again after `retryMs`; only the first
 * failure of a run of them is logged.
 */
export class SessionRecheck {
  private running = false;
  private again = false;
  private failing = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly io: LiveServer,
    private readonly alive: (sessionIds: readonly string[]) => Promise<Set<string>>,
    private readonly options: { retryMs: number; log: (error: unknown) => void },
  ) {}

  run(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void this.pass()
      .then(() => {
        this.failing = false;
      })
      .catch((error: unknown) => {
        if (!this.failing) this.options.log(error);
        this.failing = true;
        clearTimeout(this.retry);
        this.retry = setTimeout(() => this.run(), this.options.retryMs);
        this.retry.unref();
      })
      .finally(() => {
        this.running = false;
        if (this.again) {
          this.again = false;
          this.run();
        }
      });
  }

  stop(): void {
    clearTimeout(this.retry);
  }

  private async pass(): Promise<void> {
    // The sessions this instance has sockets of: the session rooms that exist (an emptied room is removed).
    const ids = [...this.io.of('/').adapter.rooms.keys()]
      .filter((room) => room.startsWith(SESSION_ROOM))
      .map((room) => room.slice(SESSION_ROOM.length));
    for (let i = 0; i < ids.length; i += BATCH) {
      const batch = ids.slice(i, i + BATCH);
      const alive = await this.alive(batch);
      for (const id of batch) if (!alive.has(id)) this.io.in(sessionRoom(id)).disconnectSockets(true);
    }
  }
}
