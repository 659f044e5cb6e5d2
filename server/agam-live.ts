/**
 * The live AGAM counts: ONE computation serves every viewer of the dashboard.
 *
 * The counts are recomputed when a registration is announced on the bus (from this
 * process or, through Redis, from another one) and, while anyone is watching, once
 * per interval as a safety net. Two computations never start less than `minGapMs`
 * apart, however many viewers, pollers or registrations there are; the latest value
 * is kept in memory and fanned out to every listener only when it changed.
 */
import type { CountsBody } from "./api/v1/agam-contract";
import { type Bus, CONTENT_CHANGED_CHANNEL } from "./bus";

/** Published (message: the account's district, or "") after every registration. */
export const AGAM_REGISTERED_CHANNEL = "agam-registered";

export type CountsListener<T> = (counts: T, json: string) => void;

/** `T` is the value as it is sent (the API sends the contract's shape). */
export interface AgamLiveOptions<T> {
  compute: () => Promise<T>;
  bus: Bus;
  /** Safety-net recompute while there are viewers, and how long a value counts as fresh. */
  intervalMs?: number;
  /** Least time between the starts of two computations. */
  minGapMs?: number;
  onError?: (error: unknown) => void;
}

export class AgamLive<T = CountsBody> {
  private value?: T;
  private emittedJson?: string;
  private computedAt = 0;
  private lastStart = Number.NEGATIVE_INFINITY;
  private stale = true;
  private inFlight?: Promise<T>;
  private timer?: NodeJS.Timeout;
  private ticker?: NodeJS.Timeout;
  private readonly listeners = new Set<CountsListener<T>>();
  private readonly unsubscribe: (() => void)[];
  private readonly intervalMs: number;
  private readonly minGapMs: number;
  private closed = false;
  /** How many times the counts were computed (benchmarks and tests read it). */
  computations = 0;
  /** The shortest time seen between the starts of two computations (benchmarks read it). */
  shortestGapMs = Number.POSITIVE_INFINITY;

  constructor(private readonly opts: AgamLiveOptions<T>) {
    this.intervalMs = opts.intervalMs ?? 2000;
    this.minGapMs = opts.minGapMs ?? 1000;
    this.unsubscribe = [
      opts.bus.subscribe(AGAM_REGISTERED_CHANNEL, () => this.changed()),
      opts.bus.subscribe(CONTENT_CHANGED_CHANNEL, (area) => {
        if (area === "agam") this.changed();
      }),
    ];
  }

  get viewers(): number {
    return this.listeners.size;
  }

  /** Called for every change; the listener gets the new value (not the current one: read `current()`). */
  subscribe(listener: CountsListener<T>): () => void {
    this.listeners.add(listener);
    if (this.listeners.size === 1 && !this.closed) {
      this.ticker = setInterval(() => {
        if (Date.now() - this.lastStart >= this.intervalMs - 100) this.schedule();
      }, this.intervalMs);
      this.ticker.unref();
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0 && this.ticker) {
        clearInterval(this.ticker);
        this.ticker = undefined;
      }
    };
  }

  /** The counts, at most `intervalMs` old (or `minGapMs` old just after a change). */
  async current(): Promise<T> {
    const now = Date.now();
    if (this.value) {
      if (!this.stale && now - this.computedAt < this.intervalMs) return this.value;
      if (now - this.lastStart < this.minGapMs) {
        this.schedule();
        return this.value;
      }
    }
    if (this.inFlight) return this.inFlight;
    this.cancelTimer();
    return this.run();
  }

  /** A registration happened somewhere: recompute soon if anyone watches, else on the next read. */
  changed(): void {
    this.stale = true;
    if (this.listeners.size > 0) this.schedule();
  }

  close(): void {
    this.closed = true;
    this.cancelTimer();
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = undefined;
    for (const off of this.unsubscribe) off();
    this.listeners.clear();
  }

  private schedule(): void {
    if (this.closed || this.timer || this.inFlight) return;
    const wait = Math.max(0, this.lastStart + this.minGapMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      // Timers may fire a millisecond early: never start inside the gap.
      if (Date.now() - this.lastStart < this.minGapMs) return this.schedule();
      this.run().catch(() => {});
    }, wait);
    this.timer.unref();
  }

  private cancelTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private run(): Promise<T> {
    if (this.inFlight) return this.inFlight;
    const now = Date.now();
    this.shortestGapMs = Math.min(this.shortestGapMs, now - this.lastStart);
    this.lastStart = now;
    this.stale = false;
    this.computations++;
    const p = this.opts
      .compute()
      .then((value) => {
        this.value = value;
        this.computedAt = Date.now();
        const json = JSON.stringify(value);
        if (json !== this.emittedJson) {
          this.emittedJson = json;
          for (const listener of this.listeners) listener(value, json);
        }
        return value;
      })
      .catch((error: unknown) => {
        this.stale = true;
        this.opts.onError?.(error);
        throw error;
      })
      .finally(() => {
        this.inFlight = undefined;
        if (this.stale && this.listeners.size > 0) this.schedule();
      });
    this.inFlight = p;
    return p;
  }
}
