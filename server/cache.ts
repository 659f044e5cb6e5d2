/**
 * The server cache for public pages and public API answers. A typhoon-day spike is
 * served from memory:
 * - each URL is kept for a short time (CACHE_TTL_MS, about 10 s);
 * - one computation per key at a time: a cold key under load is computed once and
 *   every concurrent request waits for that one result;
 * - a copy past its time (not one dropped because content changed) is still served for
 *   `revalidateMs` while one computation renews it in the background, so no visitor waits
 *   on a render when a busy page's time runs out;
 * - the last good copy is kept after it expires and served when computing fails
 *   (the database is down);
 * - everything is dropped when content changes (through the bus, so across processes).
 * - the whole cache is capped in bytes (oldest entries go first), so no query string or
 *   path variant can grow it without bound.
 * Answers carrying personal data or live values never get here: the route-policy table
 * (server/route-policy.ts) says which paths may be kept.
 */

export interface CacheEntry<T> {
  value: T;
  storedAt: number;
  /** Dropped because content changed: never served while a new copy is computed. */
  invalidated?: boolean;
}

export interface CacheStats {
  hits: number;
  misses: number;
  computations: number;
  staleServed: number;
}

export class ResponseCache<T> {
  private entries = new Map<string, CacheEntry<T>>();
  private inFlight = new Map<string, Promise<{ value: T; fromCache: boolean } | { uncacheable: unknown }>>();
  readonly stats: CacheStats & { bytes: number; evictions: number } = {
    hits: 0,
    misses: 0,
    computations: 0,
    staleServed: 0,
    bytes: 0,
    evictions: 0,
  };

  constructor(
    private readonly ttlMs: number,
    /** Last good copies kept at most this long after they were stored. */
    private readonly staleMs = 24 * 3600_000,
    private readonly maxEntries = 2000,
    /** The cap on the sum of sizeOf(value) over every entry. */
    private readonly maxBytes = Number.POSITIVE_INFINITY,
    private readonly sizeOf: (value: T) => number = () => 0,
    private readonly revalidateMs = 0,
  ) {}

  /** The value for `key` if it is fresh now, without computing anything (the fast path). */
  fresh(key: string, now = Date.now()): T | undefined {
    const entry = this.entries.get(key);
    if (entry && this.ttlMs > 0 && now - entry.storedAt < this.ttlMs) {
      this.stats.hits++;
      return entry.value;
    }
    return undefined;
  }

  /**
   * The fresh value for `key`, or the one computation of it. `compute` returns
   * `{ value }` to store, or `{ uncacheable }` for an answer that must not be kept
   * (each waiter then computes its own). When `compute` throws and a stale copy
   * exists, the stale copy is returned; otherwise the error propagates.
   */
  async get(
    key: string,
    compute: () => Promise<{ value: T } | { uncacheable: unknown }>,
    now = Date.now(),
  ): Promise<{ value: T; fromCache: boolean; stale?: boolean } | { uncacheable: unknown }> {
    const entry = this.entries.get(key);
    if (entry && this.ttlMs > 0 && now - entry.storedAt < this.ttlMs) {
      this.stats.hits++;
      return { value: entry.value, fromCache: true };
    }
    if (entry && !entry.invalidated && this.ttlMs > 0 && now - entry.storedAt < this.ttlMs + this.revalidateMs) {
      // Stale while revalidating: this copy now, one renewal in the background.
      if (!this.inFlight.has(key)) this.start(key, compute, now).catch(() => {});
      this.stats.staleServed++;
      return { value: entry.value, fromCache: true, stale: true };
    }
    const running = this.inFlight.get(key);
    if (running) {
      let result;
      try {
        result = await running;
      } catch (error) {
        // The one computation failed (the database is down): the last good copy, if any.
        const last = this.lastGood(key, now);
        if (last !== undefined) return { value: last, fromCache: true, stale: true };
        throw error;
      }
      if ("uncacheable" in result) return this.get(key, compute, now);
      this.stats.hits++;
      return { value: result.value, fromCache: true };
    }
    this.stats.misses++;
    try {
      return await this.start(key, compute, now);
    } catch (error) {
      const last = this.lastGood(key, now);
      if (last !== undefined) return { value: last, fromCache: true, stale: true };
      throw error;
    }
  }

  /** The one computation of `key`, registered while it runs. */
  private start(key: string, compute: () => Promise<{ value: T } | { uncacheable: unknown }>, now: number) {
    const promise = (async () => {
      this.stats.computations++;
      const result = await compute();
      if ("value" in result && this.ttlMs > 0) this.store(key, result.value, now);
      return "value" in result ? { value: result.value, fromCache: false } : result;
    })().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, promise);
    return promise;
  }

  /** The last good copy, fresh or not (for answers that came back as server errors). */
  lastGood(key: string, now = Date.now()): T | undefined {
    const last = this.entries.get(key);
    if (last && now - last.storedAt < this.staleMs) {
      this.stats.staleServed++;
      return last.value;
    }
    return undefined;
  }

  /** Marks every entry as expired; they stay as last good copies for a database outage. */
  expireAll(): void {
    for (const entry of this.entries.values()) {
      entry.storedAt = Math.min(entry.storedAt, Date.now() - this.ttlMs);
      entry.invalidated = true;
    }
  }

  clear(): void {
    this.entries.clear();
    this.stats.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: string, value: T, now: number) {
    const size = this.sizeOf(value);
    if (size > this.maxBytes) return;
    this.remove(key);
    this.entries.set(key, { value, storedAt: now });
    this.stats.bytes += size;
    while (this.entries.size > this.maxEntries || this.stats.bytes > this.maxBytes) {
      this.remove(this.entries.keys().next().value!);
      this.stats.evictions++;
    }
  }

  private remove(key: string) {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.stats.bytes -= this.sizeOf(old.value);
  }
}

/** Cache-Control for public pages and API answers: short in shared caches, served stale in an outage. */
export function publicCacheControl(ttlMs: number): string {
  const s = Math.max(1, Math.round(ttlMs / 1000));
  return `public, max-age=0, s-maxage=${s}, stale-while-revalidate=60, stale-if-error=86400`;
}

/** Content changes that do not alter any cached public answer. */
export const CHANGES_THAT_KEEP_CACHE = new Set(["agam", "survey", "connection", "captcha"]);
