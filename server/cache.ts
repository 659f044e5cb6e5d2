/**
 * The server cache for public pages and public API answers. A typhoon-day spike is
 * served from memory:
 * - each URL is kept for a short time (CACHE_TTL_MS, about 10 s);
 * - one computation per key at a time: a cold key under load is computed once and
 *   every concurrent request waits for that one result;
 * - the last good copy is kept after it expires and served when computing fails
 *   (the database is down);
 * - everything is dropped when content changes (through the bus, so across processes).
 * Answers carrying personal data never get here (see isCacheablePath and the no-store rule).
 */

export interface CacheEntry<T> {
  value: T;
  storedAt: number;
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
  readonly stats: CacheStats = { hits: 0, misses: 0, computations: 0, staleServed: 0 };

  constructor(
    private readonly ttlMs: number,
    /** Last good copies kept at most this long after they were stored. */
    private readonly staleMs = 24 * 3600_000,
    private readonly maxEntries = 2000,
  ) {}

  /**
   * The fresh value for `key`, or the one computation of it. `compute` returns
   * `{ value }` to store, or `{ uncacheable }` for an answer that must not be kept
   * (each waiter then computes its own). When `compute` throws and a stale copy
   * exists, the stale copy is returned; otherwise the error propagates.
   */
  async get(key: string, compute: () => Promise<{ value: T } | { uncacheable: unknown }>, now = Date.now()): Promise<{ value: T; fromCache: boolean; stale?: boolean } | { uncacheable: unknown }> {
    const entry = this.entries.get(key);
    if (entry && this.ttlMs > 0 && now - entry.storedAt < this.ttlMs) {
      this.stats.hits++;
      return { value: entry.value, fromCache: true };
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
    const promise = (async () => {
      this.stats.computations++;
      const result = await compute();
      if ("value" in result && this.ttlMs > 0) this.store(key, result.value, now);
      return "value" in result ? { value: result.value, fromCache: false } : result;
    })();
    this.inFlight.set(key, promise);
    try {
      return await promise;
    } catch (error) {
      const last = this.lastGood(key, now);
      if (last !== undefined) return { value: last, fromCache: true, stale: true };
      throw error;
    } finally {
      this.inFlight.delete(key);
    }
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
    for (const entry of this.entries.values()) entry.storedAt = Math.min(entry.storedAt, Date.now() - this.ttlMs);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: string, value: T, now: number) {
    this.entries.delete(key);
    this.entries.set(key, { value, storedAt: now });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}

/** Paths whose answers carry a member's personal data or live values: never cached. */
const NEVER_CACHED = [
  /^\/agam-registration/,
  /^\/agam-status/,
  /^\/service\/bill-inquiry/,
  /^\/service\/new-service-connection\/.+/,
  /^\/api\/v1\/agam\//,
  /^\/api\/v1\/customer-satisfaction-survey/,
  /^\/healthz/,
  /^\/readyz/,
];

export function isCacheablePath(pathname: string): boolean {
  return !NEVER_CACHED.some((re) => re.test(pathname));
}

/** Cache-Control for public pages and API answers: short in shared caches, served stale in an outage. */
export function publicCacheControl(ttlMs: number): string {
  const s = Math.max(1, Math.round(ttlMs / 1000));
  return `public, max-age=0, s-maxage=${s}, stale-while-revalidate=60, stale-if-error=86400`;
}

/** Content changes that do not alter any cached public answer. */
export const CHANGES_THAT_KEEP_CACHE = new Set(["agam", "survey", "connection", "captcha"]);
