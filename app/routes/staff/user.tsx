/** Administrators: one staff account — role, disable or enable, end sessions, new enrolment link. */
import { data, Form, Link, useLocation } from "react-router";
import { formatDateTime } from "../../../modules/shared/dates";
import { readForm } from "../../../modules/shared/forms";
import { staffFactorSuspendedAt, unlockStaffFactor } from "../../../modules/staff/factor-lock.server";
import { roleLabels } from "../../../modules/staff/permissions";
import {
  type Actor,
  changeRole,
  endSessions,
  getStaff,
  listSessionsOf,
  renewEnrolment,
  roleFormSchema,
  StaffUserError,
  setDisabled,
} from "../../../modules/staff/users.server";
import { ErrorSummary } from "../../components/ui/Field";
import { services } from "../../context";
import type { Route } from "./+types/user";
import { AskFirst, ConfirmStep, confirmAsked, withoutConfirm } from "./ConfirmStep";
import type { FieldErrors } from "./form";
import { intentOf, postedForm } from "./form.server";
import { requireStaff, staffServices } from "./guard.server";
import type { ConsoleHandle } from "./nav";
import { RoleField } from "./RoleField";
import { consoleMeta } from "./title";

export const handle: ConsoleHandle = { staff: "users.manage" };

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "users.manage");
  const db = staffServices(args).db;
  const user = await getStaff(db, args.params.id);
  if (!user) throw data(null, { status: 404 });
  const sessions = await listSessionsOf(db, user.id);
  const factorLockedAt = await staffFactorSuspendedAt(db, user.id);
  return {
    factorLockedAt: factorLockedAt ? formatDateTime(factorLockedAt) : null,
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      roleLabel: roleLabels[user.role],
      disabled: Boolean(user.disabledAt),
      enrolled: user.enrolled,
      createdAt: formatDateTime(user.createdAt),
    },
    sessions: sessions.map((s) => ({ id: s.id, since: formatDateTime(s.createdAt), ip: s.ipAddress ?? "", userAgent: s.userAgent ?? "" })),
  };
}

export async function action(args: Route.ActionArgs) {
  const me = await requireStaff(args, "users.manage");
  const staff = staffServices(args);
  const actor: Actor = { id: me.id, email: me.email, ip: staff.ip, userAgent: staff.userAgent };
  const form = await postedForm(args.request);
  const id = args.params.id;
  if (!(await getStaff(staff.db, id))) throw data(null, { status: 404 });
  try {
    switch (intentOf(form, ["role", "disable", "enable", "end-sessions", "enrolment-link", "unlock-factor"])) {
      case "role": {
        const read = readForm(form, roleFormSchema);
        if (!read.ok) return data({ errors: read.errors as FieldErrors, status: null, link: null }, { status: 400 });
        const { role } = read.data;
        await changeRole(staff.db, id, role, actor);
        return { errors: {} as FieldErrors, status: `Role changed to ${roleLabels[role]}.`, link: null };
      }
      case "disable":
        await setDisabled(staff.db, id, true, actor);
        return { errors: {} as FieldErrors, status: "The account is disabled and its sessions have ended.", link: null };
      case "enable":
        await setDisabled(staff.db, id, false, actor);
        return { errors: {} as FieldErrors, status: "The account is enabled again.", link: null };
      case "end-sessions": {
        const n = await endSessions(staff.db, id, actor);
        return { errors: {} as FieldErrors, status: `${n} session${n === 1 ? "" : "s"} ended.`, link: null };
      }
      case "unlock-factor": {
        const was = await unlockStaffFactor(staff.db, id, actor);
        return {
          errors: {} as FieldErrors,
          status: was
            ? "The second factor is unlocked: codes from the app and backup codes work again."
            : "The second factor was not locked.",
          link: null,
        };
      }
      case "enrolment-link": {
        const link = await renewEnrolment(staff.db, id, actor, services(args.context).publicUrl);
        return { errors: {} as FieldErrors, status: null, link: { url: link.url, expiresAt: formatDateTime(link.expiresAt) } };
      }
    }
  } catch (error) {
    if (error instanceof StaffUserError)
      return data(
        { errors: { [error.field === "role" ? "role" : "intent"]: error.message } as FieldErrors, status: null, link: null },
        { status: 400 },
      );
    throw error;
  }
  return data({ errors: { intent: "Choose an action." } as FieldErrors, status: null, link: null }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => consoleMeta(loaderData?.user.name ?? "User");

export default function User({ loaderData, actionData }: Route.ComponentProps) {
  const { user, sessions, factorLockedAt } = loaderData;
  const errors: FieldErrors = actionData?.errors ?? {};
  const location = useLocation();
  // Disabling asks first (a GET with ?confirm=disable); after the change the page is posted to without it.
  const askDisable = !user.disabled && !actionData && confirmAsked(location.search) === "disable";
  return (
    <>
      <p>
        <Link to="/staff/users">All users</Link>
      </p>
      <h1>{user.name}</h1>
      <p>
        {user.email} · {user.roleLabel} · {user.disabled ? "Disabled" : user.enrolled ? "Active" : "Not set up yet"} · invited{" "}
        {user.createdAt}
      </p>
      <ErrorSummary errors={errors} />
      {askDisable && (
        <ConfirmStep
          title={`Disable the account of ${user.name}?`}
          fields={{ intent: "disable" }}
          confirm="Yes, disable it"
          back={withoutConfirm(location)}
        >
          <p>
            {user.name} is signed out everywhere at once and cannot sign in until the account is enabled again. Their role and history are
            kept.
          </p>
        </ConfirmStep>
      )}
      {actionData?.status && (
        <p className="console-status" role="status">
          {actionData.status}
        </p>
      )}
      {actionData?.link && (
        <div className="console-status" role="status">
          <p>
            New enrolment link (works once, until {actionData.link.expiresAt}; earlier links no longer work). Using it replaces the password
            and factors:
          </p>
          <p className="console-code">{actionData.link.url}</p>
        </div>
      )}
      {factorLockedAt && (
        <section className="console-card" aria-labelledby="u-factor">
          <h2 id="u-factor">Second factor locked</h2>
          <p>
            Locked since {factorLockedAt} after 100 wrong codes in a row; the owner was e-mailed. Before unlocking, check with them that
            they asked: if the wrong codes were not theirs, their password is known to someone else (end their sessions and make a new
            enrolment link instead).
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="unlock-factor" />
            <button type="submit" className="button button--secondary">
              Unlock second factor
            </button>
          </Form>
        </section>
      )}
      <section className="console-card" aria-labelledby="u-role">
        <h2 id="u-role">Role</h2>
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="role" />
          <RoleField error={errors.role} defaultValue={user.role} />
          <button type="submit" className="button button--secondary">
            Change role
          </button>
        </Form>
      </section>
      <section className="console-card" aria-labelledby="u-sessions">
        <h2 id="u-sessions">Sessions</h2>
        {sessions.length === 0 ? (
          <p>No session now.</p>
        ) : (
          <ul>
            {sessions.map((s) => (
              <li key={s.id}>
                Since {s.since} from {s.ip || "unknown address"} <span className="field__hint">{s.userAgent}</span>
              </li>
            ))}
          </ul>
        )}
        <div className="console-actions" id="intent">
          {sessions.length > 0 && (
            <Form method="post">
              <input type="hidden" name="intent" value="end-sessions" />
              <button type="submit" className="button button--secondary">
                End all sessions
              </button>
            </Form>
          )}
          {user.disabled ? (
            <Form method="post">
              <input type="hidden" name="intent" value="enable" />
              <button type="submit" className="button button--secondary">
                Enable account
              </button>
            </Form>
          ) : (
            <AskFirst ask="disable">Disable account</AskFirst>
          )}
          <Form method="post">
            <input type="hidden" name="intent" value="enrolment-link" />
            <button type="submit" className="button button--secondary">
              Make a new enrolment link
            </button>
          </Form>
        </div>
      </section>
    </>
  );
}
