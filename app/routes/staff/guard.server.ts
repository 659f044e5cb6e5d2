/**
 * The guard every console loader and action calls first:
 *
 *   const me = await requireStaff(args, "content.publish");
 *
 * No session (or an expired one): a redirect to the sign-in page, coming back here after.
 * Signed in but without a second factor yet: a redirect to finish enrolment.
 * Signed in, but the role lacks the permission: a 403 answer (the console's error page).
 * The decision is `can(role, permission)` from modules/staff/permissions.ts, nowhere else.
 */
import { data, redirect } from "react-router";
import { can, type Permission } from "../../../modules/staff/permissions";
import type { StaffIdentity, StaffServices, StaffUser } from "../../../modules/staff/services.server";
import { services } from "../../context";
import { pageUrl } from "../../page-url";

export type { StaffIdentity, StaffUser };

interface Args {
  request: Request;
  context: { get: Parameters<typeof services>[0]["get"] };
}

export const SIGN_IN_PATH = "/staff/sign-in";
export const ENROL_FACTOR_PATH = "/staff/enrol/factor";

/** The staff services of this request (better-auth, client address, cookies). */
export function staffServices(args: Pick<Args, "context">): StaffServices {
  return services(args.context).staff;
}

export async function requireStaff(args: Args, permission?: Permission): Promise<StaffUser> {
  const me = await requireIdentity(args);
  if (!me.enrolled) throw redirect(ENROL_FACTOR_PATH);
  if (permission && !can(me.user.role, permission)) {
    // Audited with the answer (server/staff-console.ts): every 403 of the console is.
    staffServices(args).deniedPermission = permission;
    throw forbidden();
  }
  return me.user;
}

/** Signed in, enrolled or not: for the enrolment pages themselves. */
export async function requireIdentity(args: Args): Promise<StaffIdentity> {
  const me = await staffServices(args).current();
  if (!me) throw redirect(signInUrl(args.request));
  return me;
}

/** Where to send someone without a session: the sign-in page, then back to a GET of this page. */
export function signInUrl(request: Request): string {
  const url = pageUrl(request);
  const back = request.method === "GET" && url.pathname !== SIGN_IN_PATH ? url.pathname + url.search : "";
  return back && back !== "/staff" ? `${SIGN_IN_PATH}?next=${encodeURIComponent(back)}` : SIGN_IN_PATH;
}

/** A `next` parameter is followed only to a console page of this site. */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith("/staff") || next.startsWith("//") || next.includes("\\")) return "/staff";
  return next;
}

export function forbidden() {
  return data({ message: "Your role does not allow this." }, { status: 403 });
}
