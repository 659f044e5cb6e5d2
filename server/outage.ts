/**
 * A database outage is two log lines, not one per request: the first request that finds the
 * database unreachable logs "database unavailable" (error level, the cause's message, no
 * stack); later ones are only counted, and the kept copies served meanwhile are logged at
 * debug. From then on the database is pinged every second, and when it answers again one
 * line says so, with how long it was away and how many requests failed or were served a
 * kept copy. Other errors are not this module's: the caller logs them as before.
 */
import type { FastifyBaseLogger } from "fastify";
import { isDatabaseUnavailable } from "../db/pg-error";

export class DatabaseOutage {
  private since: number | null = null;
  private failedRequests = 0;
  private staleAnswers = 0;
  private timer: NodeJS.Timeout | undefined;
  private checking = false;

  constructor(
    private readonly ping: () => Promise<boolean>,
    private readonly log: Pick<FastifyBaseLogger, "error" | "debug">,
    private readonly intervalMs = 1000,
  ) {}

  get down(): boolean {
    return this.since !== null;
  }

  /** true when `error` is the database being unreachable: counted (and logged once per outage); the caller logs nothing. */
  failed(error: unknown): boolean {
    if (!isDatabaseUnavailable(error)) return false;
    this.failedRequests++;
    if (this.since === null) {
      this.since = Date.now();
      this.log.error({ cause: messageOf(error) }, "database unavailable: public pages are served from kept copies until it returns");
      this.timer = setInterval(() => void this.check(), this.intervalMs);
      this.timer.unref();
    }
    return true;
  }

  /** A kept copy served because a fresh one could not be made. */
  servedStale(path: string): void {
    this.staleAnswers++;
    this.log.debug({ path }, "served a kept copy");
  }

  private async check() {
    if (this.checking || this.since === null) return;
    this.checking = true;
    try {
      if (!(await this.ping())) return;
      this.log.error(
        { downMs: Date.now() - this.since, failedRequests: this.failedRequests, staleAnswers: this.staleAnswers },
        "database available again",
      );
      this.stop();
    } finally {
      this.checking = false;
    }
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    this.since = null;
    this.failedRequests = 0;
    this.staleAnswers = 0;
  }
}

function messageOf(error: unknown): string {
  let e: unknown = error;
  // The driver's own words are at the bottom of drizzle's chain of causes.
  while (e && typeof e === "object" && "cause" in e && (e as { cause?: unknown }).cause) e = (e as { cause: unknown }).cause;
  return e instanceof Error ? e.message : String(e);
}
