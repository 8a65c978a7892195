import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { CleanupLog } from './sessions';

/** What an instance keeps in memory and must forget when it changes elsewhere. */
export type InvalidationKind = 'session' | 'user' | 'rate';

/** Forgets the given ids; an empty list means everything of the kind. */
type Handler = (ids: string[]) => void;

/** A heartbeat on the channel: proves that the subscription still delivers (never applied, never acknowledged). */
const HEARTBEAT = 'heartbeat';

interface Message {
  nonce: string;
  kind: InvalidationKind;
  ids: string[];
}

/** How long a writer waits for every instance to confirm; past it, the heartbeat below bounds what is stale. */
const ACK_TIMEOUT_MS = 1000;
/** Each listening instance publishes a heartbeat this often on the channel it listens to. */
export const HEARTBEAT_MS = 1000;
/** An instance that has heard nothing on its channel for this long stops trusting its caches. */
export const DEAF_AFTER_MS = 3000;

/**
 * Tells every backend instance to forget cached entries, and waits until each has done so before the
 * writer answers: a session ended or a role changed on one instance is never served from another's cache
 * afterwards. Redis pub/sub on a dedicated subscriber connection; PUBLISH answers how many subscribers got
 * the message, and the writer waits for that many acknowledgements (its own included).
 * An instance whose subscriber reconnects forgets everything: it may have missed messages meanwhile.
 *
 * An instance that stops hearing its channel without a reconnect (a stalled connection) may be missing
 * messages too. So each listening instance publishes a heartbeat every second; one that has heard nothing for
 * DEAF_AFTER_MS forgets everything and its caches keep nothing (`trusted` false) until it hears again. What
 * a cache serves after a change it missed is therefore bounded by DEAF_AFTER_MS and one beat (3-4 s), not
 * by the entries' time to live.
 */
export class InvalidationBus {
  private readonly handlers = new Map<InvalidationKind, Handler[]>();
  private readonly waiting = new Map<string, { acks: number; expected?: number; done: () => void }>();
  private subscriber: Redis | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private lastHeard = 0;
  private hearing = false;
  private readonly channel: string;
  private readonly ackChannel: string;
  private log: CleanupLog = { warn: () => {} };

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    this.channel = `${prefix}:invalidate`;
    this.ackChannel = `${prefix}:invalidate-ack`;
  }

  /** Where an announcement that could not be made is reported (the app's log: plugins/deps.ts). */
  reportTo(log: CleanupLog): void {
    this.log = log;
  }

  /** Registers what to forget for a kind (called by the plugins that own the caches). */
  on(kind: InvalidationKind, handler: Handler): void {
    this.handlers.set(kind, [...(this.handlers.get(kind) ?? []), handler]);
  }

  /**
   * Whether this instance hears its channel, so that caches may keep what they read (InvalidatedCache's
   * `trusted`). False before `listen` and while the instance is deaf.
   */
  readonly trusted = (): boolean => this.hearing;

  /** Subscribes this instance; until then it only publishes (a worker needs no more). */
  async listen(): Promise<void> {
    if (this.subscriber) return;
    const subscriber = this.redis.duplicate({ maxRetriesPerRequest: null, commandTimeout: undefined });
    this.subscriber = subscriber;
    let connectedOnce = false;
    subscriber.on('ready', () => {
      if (connectedOnce) this.forgetEverything();
      connectedOnce = true;
    });
    subscriber.on('error', () => {}); // reconnects by itself; the heartbeat bounds what it misses
    subscriber.on('message', (channel: string, raw: string) => this.onMessage(channel, raw));
    await subscriber.subscribe(this.channel, this.ackChannel);
    this.heard();
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  async close(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    clearInterval(this.heartbeat);
    this.hearing = false;
    if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
  }

  /**
   * Forgets `ids` here and on every instance; resolves once all have confirmed (or after ACK_TIMEOUT_MS).
   * Never fails: the change it announces is committed, so a PUBLISH that fails is reported and treated like
   * instances that do not confirm. They serve what they hold until it expires (sessions 5 s, users a minute),
   * or nothing once they hear no beat, whereas answering the writer an error would tell of a change
   * not made.
   */
  async invalidate(kind: InvalidationKind, ids: (string | number)[]): Promise<void> {
    if (ids.length === 0) return;
    const message: Message = { nonce: randomUUID(), kind, ids: ids.map(String) };
    this.apply(message);
    let done!: () => void;
    const confirmed = new Promise<void>((resolve) => (done = resolve));
    const wait: { acks: number; expected?: number; done: () => void } = { acks: 0, done };
    this.waiting.set(message.nonce, wait);
    try {
      // Acknowledgements may arrive before PUBLISH answers: they are counted as they come.
      try {
        wait.expected = await this.redis.publish(this.channel, JSON.stringify(message));
      } catch (error) {
        this.log.warn({ err: error, kind }, 'a change could not be announced to the other instances');
        return;
      }
      if (wait.acks >= wait.expected) return;
      const timer = setTimeout(done, ACK_TIMEOUT_MS);
      await confirmed;
      clearTimeout(timer);
    } finally {
      this.waiting.delete(message.nonce);
    }
  }

  private beat(): void {
    if (this.hearing && Date.now() - this.lastHeard > DEAF_AFTER_MS) {
      this.hearing = false;
      this.forgetEverything();
    }
    void this.redis.publish(this.channel, HEARTBEAT).catch(() => {}); // a missed beat is what deafness looks like
  }

  private heard(): void {
    this.lastHeard = Date.now();
    this.hearing = true;
  }

  private onMessage(channel: string, raw: string): void {
    this.heard();
    if (raw === HEARTBEAT) return;
    let message: Message;
    try {
      message = JSON.parse(raw) as Message;
    } catch {
      return;
    }
    if (channel === this.ackChannel) {
      const wait = this.waiting.get(message.nonce);
      if (wait && ++wait.acks >= (wait.expected ?? Number.POSITIVE_INFINITY)) wait.done();
      return;
    }
    this.apply(message);
    void this.redis.publish(this.ackChannel, JSON.stringify({ nonce: message.nonce })).catch(() => {});
  }

  private apply(message: Message): void {
    for (const handler of this.handlers.get(message.kind) ?? []) handler(message.ids);
  }

  private forgetEverything(): void {
    for (const handlers of this.handlers.values()) for (const handler of handlers) handler([]);
  }
}
