/**
 * Refused console requests in the audit log: an `access.denied` entry (who, the permission
 * refused, method and path, client address) for every 403 under /staff. A flood of refusals
 * must not fill the disk, so entries are capped per account (or, without a session, per
 * address): 30 an hour, reserved atomically like every other limit; past the cap the refusal
 * is only logged at debug level.
 */
import { type AttemptRule, reserveAttempt } from "../shared/attempt-limits.server";
import { recordAudit } from "./audit.server";
import type { StaffServices } from "./services.server";

export const ACCESS_DENIED_AUDIT_RULE: AttemptRule = {
  name: "access-denied-audit",
  free: 30,
  windowMs: 3_600_000,
  firstWaitMs: 3_600_000,
  maxWaitMs: 3_600_000,
};

export async function recordAccessDenied(staff: StaffServices, request: { method: string; url: string }): Promise<boolean> {
  const me = await staff.current().catch(() => null);
  const slot = await reserveAttempt(staff.db, ACCESS_DENIED_AUDIT_RULE, [me ? `user:${me.user.id}` : `ip:${staff.ip}`]);
  const path = request.url.split("?")[0]!.slice(0, 300);
  if (!slot.ok) {
    staff.log.debug({ ip: staff.ip, path }, "console request refused (audit entries for this account capped for the hour)");
    return false;
  }
  await recordAudit(staff.db, {
    actorId: me?.user.id ?? null,
    actorEmail: me?.user.email ?? null,
    action: "access.denied",
    objectType: "path",
    objectId: path,
    after: { method: request.method, permission: staff.deniedPermission ?? null, role: me?.user.role ?? null },
    ip: staff.ip,
    userAgent: staff.userAgent,
  });
  return true;
}
