/**
 * Session tokens at rest: the database keeps only SHA-256 of a session token, so a copy of the
 * database (a backup, a dump, a replica) opens no session. better-auth 1.7 stores the token
 * itself and has no option to hash it, so its database adapter is wrapped: the token is hashed
 * on the way in (a new row, and every lookup, update or delete by token) and the caller's own
 * token is put back into what comes out, since better-auth sets the cookie from the row it
 * reads. Rows listed by user (better-auth's list-sessions, not used by our pages) carry the
 * hash, which opens nothing either. A session token is 32 random characters: a plain SHA-256
 * is enough, no slow hash is needed.
 */
import crypto from "node:crypto";
import type { BetterAuthOptions, DBAdapter, DBTransactionAdapter, Where } from "better-auth";

export const sessionTokenHash = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

const SESSION = "session";
const TOKEN = "token";

function hashWhere(model: string, where: Where[] | undefined): Where[] | undefined {
  if (model !== SESSION || !where) return where;
  return where.map((w) => {
    if (w.field !== TOKEN) return w;
    if (typeof w.value === "string") return { ...w, value: sessionTokenHash(w.value) };
    const values = w.value;
    if (isStrings(values)) return { ...w, value: values.map(sessionTokenHash) };
    return w;
  });
}

/** The one token a lookup names (`token = x`), to give back in place of its hash. */
function namedToken(model: string, where: Where[] | undefined): string | undefined {
  if (model !== SESSION) return undefined;
  const w = where?.find((c) => c.field === TOKEN && (c.operator ?? "eq") === "eq" && typeof c.value === "string");
  return typeof w?.value === "string" ? w.value : undefined;
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/** Puts the plain token back into a row read for it. */
function withToken<R>(row: R, token: string | undefined): R {
  if (token !== undefined && isRecord(row) && row[TOKEN] === sessionTokenHash(token)) Reflect.set(row, TOKEN, token);
  return row;
}

function hashedData<D extends Record<string, unknown>>(model: string, data: D): D {
  if (model !== SESSION || typeof data[TOKEN] !== "string") return data;
  return { ...data, [TOKEN]: sessionTokenHash(data[TOKEN]) };
}

function wrap(inner: DBTransactionAdapter): DBTransactionAdapter {
  return {
    ...inner,
    create: async (args) => {
      const token = args.model === SESSION && typeof args.data[TOKEN] === "string" ? args.data[TOKEN] : undefined;
      return withToken(await inner.create({ ...args, data: hashedData(args.model, args.data) }), token);
    },
    findOne: async (args) =>
      withToken(await inner.findOne({ ...args, where: hashWhere(args.model, args.where) ?? [] }), namedToken(args.model, args.where)),
    findMany: (args) => inner.findMany({ ...args, where: hashWhere(args.model, args.where) }),
    count: (args) => inner.count({ ...args, where: hashWhere(args.model, args.where) }),
    update: async (args) =>
      withToken(
        await inner.update({ ...args, where: hashWhere(args.model, args.where) ?? [], update: hashedData(args.model, args.update) }),
        namedToken(args.model, args.where),
      ),
    updateMany: (args) =>
      inner.updateMany({ ...args, where: hashWhere(args.model, args.where) ?? [], update: hashedData(args.model, args.update) }),
    delete: (args) => inner.delete({ ...args, where: hashWhere(args.model, args.where) ?? [] }),
    deleteMany: (args) => inner.deleteMany({ ...args, where: hashWhere(args.model, args.where) ?? [] }),
    consumeOne: async (args) =>
      withToken(await inner.consumeOne({ ...args, where: hashWhere(args.model, args.where) ?? [] }), namedToken(args.model, args.where)),
    incrementOne: async (args) =>
      withToken(await inner.incrementOne({ ...args, where: hashWhere(args.model, args.where) ?? [] }), namedToken(args.model, args.where)),
  };
}

/** better-auth's adapter with session tokens stored as their SHA-256 (transactions included). */
export function hashSessionTokens(factory: (options: BetterAuthOptions) => DBAdapter): (options: BetterAuthOptions) => DBAdapter {
  return (options) => {
    const inner = factory(options);
    return { ...inner, ...wrap(inner), transaction: (callback) => inner.transaction((trx) => callback(wrap(trx))) };
  };
}
