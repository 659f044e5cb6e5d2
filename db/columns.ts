/** Column types every schema file uses: a bytea as a Buffer, and time stamps with their time zone. */
import { customType, timestamp } from "drizzle-orm/pg-core";

/** Bytes (bytea): PGlite gives a Uint8Array, pg a Buffer; the code always sees a Buffer. */
export const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** A moment (timestamp with time zone). */
export const at = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was made. */
export const createdAt = () => at("created_at").notNull().defaultNow();
