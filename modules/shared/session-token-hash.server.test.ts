import { betterAuth } from "better-auth";
import { memoryAdapter } from "better-auth/adapters/memory";
import { describe, expect, it } from "vitest";
import { hashSessionTokens, sessionTokenHash } from "./session-token-hash.server";

/** better-auth on its in-memory adapter, wrapped: what is stored, and what its own calls see. */
async function setUp() {
  const db: Record<string, Record<string, unknown>[]> = { user: [], session: [], account: [], verification: [] };
  const auth = betterAuth({
    secret: "a-test-secret-of-at-least-thirty-two-characters",
    baseURL: "http://localhost",
    telemetry: { enabled: false },
    database: hashSessionTokens(memoryAdapter(db)),
  });
  const ctx = await auth.$context;
  const user = { id: "u1", email: "a@example.test", name: "A", emailVerified: true, createdAt: new Date(), updatedAt: new Date() };
  db.user!.push(user);
  return { db, ctx, user };
}

describe("hashSessionTokens", () => {
  it("stores the SHA-256 of a new session's token and hands the token itself back", async () => {
    const { db, ctx, user } = await setUp();
    const session = await ctx.internalAdapter.createSession(user.id);
    expect(session.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(db.session!.map((s) => s.token)).toEqual([sessionTokenHash(session.token)]);
  });

  it("finds, renews and ends a session by its token, never by what is stored", async () => {
    const { db, ctx, user } = await setUp();
    const session = await ctx.internalAdapter.createSession(user.id);
    const found = await ctx.internalAdapter.findSession(session.token);
    expect(found?.session.token).toBe(session.token);
    expect(await ctx.internalAdapter.findSession(sessionTokenHash(session.token))).toBeNull();
    const later = new Date(Date.now() + 3_600_000);
    const renewed = await ctx.internalAdapter.updateSession(session.token, { expiresAt: later });
    expect(renewed?.token).toBe(session.token);
    expect(db.session![0]!.expiresAt).toEqual(later);
    const other = await ctx.internalAdapter.createSession(user.id);
    await ctx.internalAdapter.deleteSessions([session.token, other.token]);
    expect(db.session).toEqual([]);
  });
});
