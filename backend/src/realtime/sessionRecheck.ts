import type { LiveServer } from './hub';

/** Sessions asked about in one Redis pipeline. */
const BATCH = 500;

export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

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
    const sessions = new Set<string>();
    for (const socket of this.io.of('/').sockets.values()) sessions.add(socket.data.sessionId);
    const ids = [...sessions];
    for (let i = 0; i < ids.length; i += BATCH) {
      const batch = ids.slice(i, i + BATCH);
      const alive = await this.alive(batch);
      for (const id of batch) if (!alive.has(id)) this.io.in(sessionRoom(id)).disconnectSockets(true);
    }
  }
}
