import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { LIVE_CHANNEL, newerThan, unreadCounts } from './notify.queries.ts';

// The live side of the notification centre (decision 200). Each API node keeps the streams its
// browsers opened; a notification's transaction signals LIVE_CHANNEL (NOTIFY), every node hears
// it once it commits (LISTEN: from any node on PostgreSQL, within the process on embedded PGlite)
// and sends each of its streams what is new for its person, read from the database. A node also
// looks on its own every POLL_MS, in case a signal was lost. Nothing travels in the signal itself:
// a stream only ever carries rows of its own person.

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's live streams (decorated by app.ts). */
    live: LiveHub;
  }
}

/** How often a node looks for new notifications without a signal. */
const POLL_MS = 15_000;
/** Signals that arrive together are served by one read. */
const GATHER_MS = 25;
/** Rows read per sweep; a stream further behind is told its count and reloads its list. */
const SWEEP_LIMIT = 500;

export interface LiveRow {
  id: number;
  type: string;
  params: Record<string, string>;
  link: string;
  created_at: Date;
  read_at: Date | null;
}

/** One open stream: its person, the last notification it has, and how to send to it. */
export interface LiveStream {
  userId: number;
  lastId: number;
  unread: number | null;
  notification(row: LiveRow): void;
  count(unread: number): void;
  /** Ends the stream (the node is stopping: the browser reconnects to another). */
  end(): void;
}

export class LiveHub {
  private readonly streams = new Map<number, Set<LiveStream>>();
  private stopListening?: () => Promise<void>;
  private poll?: NodeJS.Timeout;
  private timer?: NodeJS.Timeout;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Listens for the signal (when the database can) and starts the safety poll. */
  async start(): Promise<void> {
    if (this.ctx.listen)
      this.stopListening = await this.ctx.listen(LIVE_CHANNEL, () => this.wake());
    this.poll = setInterval(() => this.wake(), POLL_MS);
    this.poll.unref();
  }

  /** Ends every open stream: before the node stops listening, so it can close. */
  endStreams(): void {
    for (const own of [...this.streams.values()]) for (const stream of [...own]) stream.end();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.poll) clearInterval(this.poll);
    if (this.timer) clearTimeout(this.timer);
    await this.stopListening?.();
    await this.running;
  }

  /** How many streams a person has open on this node. */
  openCount(userId: number): number {
    return this.streams.get(userId)?.size ?? 0;
  }

  /** Adds a stream and sends it what it missed and its count; answers how to remove it. */
  async add(stream: LiveStream): Promise<() => void> {
    const own = this.streams.get(stream.userId) ?? new Set<LiveStream>();
    own.add(stream);
    this.streams.set(stream.userId, own);
    await this.serve([stream]);
    return () => {
      own.delete(stream);
      if (own.size === 0 && this.streams.get(stream.userId) === own) {
        this.streams.delete(stream.userId);
      }
    };
  }

  /**
   * Something may have changed: one sweep soon for every stream of this node. A signal during a
   * sweep schedules the next one (after it), so nothing committed meanwhile is left unsent.
   */
  wake(): void {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      this.running = this.running
        .then(() => {
          this.timer = undefined;
          return this.serve([...this.streams.values()].flatMap((set) => [...set]));
        })
        .catch((error: unknown) =>
          this.log?.warn({ err: error }, 'live notifications sweep failed'),
        );
    }, GATHER_MS);
  }

  /** Sends each stream its new rows and, when it changed, its unread count. */
  private async serve(streams: LiveStream[]): Promise<void> {
    if (streams.length === 0) return;
    const userIds = [...new Set(streams.map((s) => s.userId))];
    const after = Math.min(...streams.map((s) => s.lastId));
    const [rows, counts] = await Promise.all([
      newerThan(this.ctx.db, userIds, after, SWEEP_LIMIT),
      unreadCounts(this.ctx.db, userIds),
    ]);
    const unread = new Map(counts.map((c) => [Number(c.user_id), Number(c.unread)]));
    for (const stream of streams) {
      for (const row of rows) {
        if (Number(row.user_id) !== stream.userId || row.id <= stream.lastId) continue;
        stream.notification(row);
        stream.lastId = row.id;
      }
      const count = unread.get(stream.userId) ?? 0;
      if (count !== stream.unread) {
        stream.unread = count;
        stream.count(count);
      }
    }
  }
}
