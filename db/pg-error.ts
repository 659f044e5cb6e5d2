/**
 * The one reader of PostgreSQL errors, for PGlite and `pg` alike. Drizzle wraps the
 * driver's error in `cause` (sometimes twice), so the SQLSTATE is looked for down the chain.
 */

export interface PgError {
  /** SQLSTATE, e.g. 23505 (unique_violation). */
  code: string;
  /** The constraint a 23xxx error names, when the driver says. */
  constraint?: string;
}

export const PG_UNIQUE_VIOLATION = "23505";
export const PG_FOREIGN_KEY_VIOLATION = "23503";

/** The PostgreSQL error behind any thrown value, or undefined when there is none. */
export function readPgError(error: unknown): PgError | undefined {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const x = e as { code?: unknown; constraint?: unknown; constraint_name?: unknown; cause?: unknown };
    if (typeof x.code === "string" && /^[0-9A-Z]{5}$/.test(x.code)) {
      const constraint =
        typeof x.constraint === "string" ? x.constraint : typeof x.constraint_name === "string" ? x.constraint_name : undefined;
      return constraint ? { code: x.code, constraint } : { code: x.code };
    }
    e = x.cause;
  }
  return undefined;
}

/** A UNIQUE constraint refused the row; with `constraint`, only when that constraint's name contains it. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = readPgError(error);
  return pg?.code === PG_UNIQUE_VIOLATION && (constraint === undefined || (pg.constraint?.includes(constraint) ?? false));
}

/**
 * PostgreSQL refused a U+0000 in text ("invalid byte sequence for encoding UTF8: 0x00",
 * 22021) or in JSON ("unsupported Unicode escape sequence", 22P05).
 */
export function isNulCharacterRefused(error: unknown): boolean {
  const code = readPgError(error)?.code;
  return code === "22021" || code === "22P05";
}

export function isForeignKeyViolation(error: unknown): boolean {
  return readPgError(error)?.code === PG_FOREIGN_KEY_VIOLATION;
}

/**
 * The database cannot be reached or is going away: connection refused or reset, a pool
 * timeout, PostgreSQL shutting down (57P01-57P03), a connection exception (08xxx), or a
 * closed PGlite. Such an error is an outage (503), not the request's fault.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pg = readPgError(error);
  if (pg) return pg.code.startsWith("08") || pg.code === "57P01" || pg.code === "57P02" || pg.code === "57P03" || pg.code === "53300";
  let e: unknown = error;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const x = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof x.code === "string" && ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH"].includes(x.code))
      return true;
    if (
      typeof x.message === "string" &&
      /PGlite is closed|Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end/i.test(x.message)
    )
      return true;
    e = x.cause;
  }
  return false;
}
