/**
 * Administrators: staff accounts, and inviting someone: a one-time enrolment link, e-mailed to
 * them when SMTP is set up, and shown on screen to hand over (when the e-mail fails or is slow).
 */
import { data, Form, Link } from "react-router";
import { formatDateTime } from "../../../modules/shared/dates";
import { inviteEmailMessage } from "../../../modules/staff/invite-message";
import { roleLabels } from "../../../modules/staff/permissions";
import { inviteFormSchema, inviteStaff, listStaff, StaffUserError } from "../../../modules/staff/users.server";
import { ErrorSummary, Field } from "../../components/ui/Field";
import { services } from "../../context";
import type { Route } from "./+types/users";
import { ConsoleTable } from "./ConsoleTable";
import type { FieldErrors } from "./form";
import { readPosted } from "./form.server";
import { requireStaff, staffServices } from "./guard.server";
import type { ConsoleHandle } from "./nav";
import { RoleField } from "./RoleField";
import { consoleMeta } from "./title";

export const handle: ConsoleHandle = { staff: "users.manage" };

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "users.manage");
  const users = await listStaff(staffServices(args).db);
  return {
    users: users.map((u) => ({
      id: u.id,
      email: u.email,
      name: u.name,
      role: roleLabels[u.role],
      state: u.disabledAt ? "Disabled" : u.enrolled ? "Active" : "Not set up yet",
      sessions: u.sessions,
      createdAt: formatDateTime(u.createdAt),
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const me = await requireStaff(args, "users.manage");
  const staff = staffServices(args);
  const form = await readPosted(args.request, inviteFormSchema);
  const values = { email: form.values.email ?? "", name: form.values.name ?? "", role: form.values.role ?? "" };
  if (!form.ok) return data({ errors: form.errors as FieldErrors, values, invited: null }, { status: 400 });
  try {
    const link = await inviteStaff(
      staff.db,
      form.data,
      { id: me.id, email: me.email, ip: staff.ip, userAgent: staff.userAgent },
      services(args.context).publicUrl,
    );
    const email = form.data.email.trim().toLowerCase();
    const mail = services(args.context).alerts?.channels.mail;
    let emailed: "sent" | "failed" | "off" = "off";
    if (mail) {
      const message = inviteEmailMessage({
        name: form.data.name.trim() || email,
        role: form.data.role,
        url: link.url,
        expiresAt: link.expiresAt,
        invitedBy: me.name,
      });
      const sent = await mail.send({ idempotencyKey: `invite-${link.userId}`, to: email, subject: message.subject, body: message.text });
      emailed = sent.ok ? "sent" : "failed";
    }
    return {
      errors: {} as FieldErrors,
      values: { email: "", name: "", role: "" },
      invited: { email, url: link.url, expiresAt: formatDateTime(link.expiresAt), emailed },
    };
  } catch (error) {
    if (error instanceof StaffUserError)
      return data({ errors: { [error.field]: error.message } as FieldErrors, values, invited: null }, { status: 400 });
    throw error;
  }
}

export const meta: Route.MetaFunction = () => consoleMeta("Users");

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const errors: FieldErrors = actionData?.errors ?? {};
  const values = actionData?.values ?? { email: "", name: "", role: "" };
  return (
    <>
      <h1>Users</h1>
      {actionData?.invited && (
        <div className="console-status" role="status">
          <p>
            <strong>{actionData.invited.email}</strong> is invited.{" "}
            {actionData.invited.emailed === "sent"
              ? "An e-mail with their link is on its way. If it does not arrive, give them this link"
              : actionData.invited.emailed === "failed"
                ? "The e-mail could not be sent just now. Give them this link yourself"
                : "Give them this link"}{" "}
            (it works once, until {actionData.invited.expiresAt} Manila time):
          </p>
          <p className="console-code">{actionData.invited.url}</p>
        </div>
      )}
      <ConsoleTable stack caption="Staff accounts" hideCaption columns={["Name and e-mail", "Role", "State"]}>
        {loaderData.users.map((u) => (
          <tr key={u.id}>
            <td>
              <Link to={`/staff/users/${u.id}`}>{u.name}</Link>
              <br />
              {u.email}
            </td>
            <td>{u.role}</td>
            <td>
              {u.state}
              {u.sessions > 0 && (
                <>
                  <br />
                  {u.sessions} session{u.sessions === 1 ? "" : "s"}
                </>
              )}
            </td>
          </tr>
        ))}
      </ConsoleTable>

      <section className="console-card" aria-labelledby="invite">
        <h2 id="invite">Invite someone</h2>
        <ErrorSummary errors={errors} />
        {/* A new form after each invite, so its fields start empty (with JavaScript too). */}
        <Form key={actionData?.invited?.url ?? "invite"} method="post" noValidate>
          <Field id="name" label="Name" error={errors.name}>
            {(p) => <input {...p} type="text" autoComplete="off" defaultValue={values.name} required />}
          </Field>
          <Field id="email" label="E-mail address" error={errors.email}>
            {(p) => <input {...p} type="email" autoComplete="off" defaultValue={values.email} required />}
          </Field>
          <RoleField error={errors.role} defaultValue={values.role} choose />
          <button type="submit" className="button">
            Invite
          </button>
        </Form>
      </section>
    </>
  );
}
