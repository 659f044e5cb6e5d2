/**
 * What one request's console loaders and actions see of the staff sign-in: who is signed in
 * (read once per request, lazily, so public pages never pay for it), the headers to hand to
 * better-auth, and the cookies better-auth wants set on this answer.
 */
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { CLIENT_IP_HEADER, hasSecondFactor, SESSION_ABSOLUTE_MS, type StaffAuth } from "./auth.server";
import { isRole, type Role } from "./permissions";

export interface StaffUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

export interface StaffIdentity {
  user: StaffUser;
  sessionId: string;
  /** When this session was signed in. */
  signedInAt: Date;
  /** false until the account has a second factor (only the enrolment pages are open then). */
  enrolled: boolean;
}

export interface StaffServices {
  auth: StaffAuth;
  db: Db;
  ip: string;
  /** The permission the console's guard refused on this request (for the access.denied audit entry). */
  deniedPermission?: string;
  userAgent: string;
  log: FastifyBaseLogger;
  /** Headers for `auth.api.*` calls: the request's cookies and the client address, nothing else. */
  headers(): Headers;
  /** The signed-in staff member, or null (no session, expired, disabled). Read once per request. */
  current(): Promise<StaffIdentity | null>;
  /** Adds the Set-Cookie headers of a better-auth answer to this request's answer. */
  takeCookies(from: Headers | null | undefined): void;
  /** Set-Cookie values queued so far (the server adds them to the answer). */
  readonly pendingCookies: string[];
}

export function createStaffServices(auth: StaffAuth, db: Db, request: FastifyRequest): StaffServices {
  const pendingCookies: string[] = [];
  let identity: Promise<StaffIdentity | null> | undefined;
  const ip = request.ip;
  const userAgent = String(request.headers["user-agent"] ?? "").slice(0, 500);

  const headers = () => {
    const h = new Headers();
    const cookie = request.headers.cookie;
    if (cookie) h.set("cookie", cookie);
    // Cookies set earlier in this same request (a sign-in) count too.
    for (const set of pendingCookies) {
      const [pair] = set.split(";");
      if (pair) h.set("cookie", mergeCookie(h.get("cookie"), pair));
    }
    h.set(CLIENT_IP_HEADER, ip);
    if (userAgent) h.set("user-agent", userAgent);
    return h;
  };

  const services: StaffServices = {
    auth,
    db,
    ip,
    userAgent,
    log: request.log,
    headers,
    pendingCookies,
    takeCookies(from) {
      if (!from) return;
      for (const value of from.getSetCookie()) pendingCookies.push(value);
    },
    current() {
      identity ??= readIdentity();
      return identity;
    },
  };

  async function readIdentity(): Promise<StaffIdentity | null> {
    if (!request.headers.cookie?.includes("staff")) return null;
    const result = await auth.api.getSession({ headers: headers(), returnHeaders: true }).catch(() => null);
    if (!result) return null;
    services.takeCookies(result.headers);
    const found = result.response;
    if (!found) return null;
    const { session, user } = found;
    const signedInAt = new Date(session.createdAt);
    const disabled = (user as { disabledAt?: Date | null }).disabledAt;
    const role = (user as { role?: unknown }).role;
    if (Date.now() - signedInAt.getTime() > SESSION_ABSOLUTE_MS || disabled || !isRole(role)) {
      // Past the absolute limit (or no longer allowed): end it, and clear the cookie.
      const out = await auth.api.signOut({ headers: headers(), returnHeaders: true }).catch(() => null);
      services.takeCookies(out?.headers);
      return null;
    }
    const enrolled = Boolean(user.twoFactorEnabled) || (await hasSecondFactor(db, user.id));
    return {
      user: { id: user.id, email: user.email, name: user.name, role },
      sessionId: session.id,
      signedInAt,
      enrolled,
    };
  }

  return services;
}

function mergeCookie(existing: string | null, pair: string): string {
  const name = pair.split("=")[0]!.trim();
  const kept = (existing ?? "")
    .split(";")
    .map((c) => c.trim())
    .filter((c) => c && c.split("=")[0] !== name);
  return [...kept, pair.trim()].join("; ");
}
