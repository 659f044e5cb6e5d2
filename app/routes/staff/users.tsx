/** Administrators: staff accounts, and inviting someone (a one-time enrolment link to hand over). */
import { data, Form, Link } from "react-router";
import { z } from "zod";
import { formatDateTime } from "../../../core/dates";
import { isRole, roleLabels, roles } from "../../../core/permissions";
import { inviteStaff, listStaff, StaffUserError } from "../../../server/staff/users";
import { ErrorSummary, Field } from "../../components/ui/Field";
import { services } from "../../context";
import type { Route } from "./+types/users";
import { type FieldErrors, textField } from "./form";
import { requireStaff, staffServices } from "./guard.server";
import type { ConsoleHandle } from "./nav";

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
    roles: roles.map((r) => ({ value: r, label: roleLabels[r] })),
  };
}

export async function action(args: Route.ActionArgs) {
  const me = await requireStaff(args, "users.manage");
  const staff = staffServices(args);
  const form = await args.request.formData();
  const values = { email: textField(form, "email").trim(), name: textField(form, "name").trim(), role: textField(form, "role") };
  const errors: FieldErrors = {};
  if (!z.email().safeParse(values.email.toLowerCase()).success) errors.email = "Enter an e-mail address like name@example.com.";
  if (!values.name) errors.name = "Enter the person's name.";
  if (!isRole(values.role)) errors.role = "Choose a role.";
  if (Object.keys(errors).length || !isRole(values.role)) return data({ errors, values, invited: null }, { status: 400 });
  try {
    const link = await inviteStaff(
      staff.db,
      { email: values.email, name: values.name, role: values.role },
      { id: me.id, email: me.email, ip: staff.ip, userAgent: staff.userAgent },
      services(args.context).publicUrl,
    );
    return {
      errors: {} as FieldErrors,
      values: { email: "", name: "", role: "" },
      invited: { email: values.email.toLowerCase(), url: link.url, expiresAt: formatDateTime(link.expiresAt) },
    };
  } catch (error) {
    if (error instanceof StaffUserError)
      return data({ errors: { [error.field]: error.message } as FieldErrors, values, invited: null }, { status: 400 });
    throw error;
  }
}

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const errors: FieldErrors = actionData?.errors ?? {};
  const values = actionData?.values ?? { email: "", name: "", role: "" };
  return (
    <>
      <title>Users | WESPECO staff</title>
      <h1>Users</h1>
      {actionData?.invited && (
        <div className="console-status" role="status">
          <p>
            <strong>{actionData.invited.email}</strong> is invited. Give them this link (it works once, until {actionData.invited.expiresAt}{" "}
            Manila time):
          </p>
          <p className="console-code">{actionData.invited.url}</p>
        </div>
      )}
      <div className="console-table-wrap">
        <table className="console-table">
          <caption className="visually-hidden">Staff accounts</caption>
          <thead>
            <tr>
              <th scope="col">Name and e-mail</th>
              <th scope="col">Role</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </table>
      </div>

      <section className="console-card" aria-labelledby="invite">
        <h2 id="invite">Invite someone</h2>
        <ErrorSummary errors={errors} />
        <Form method="post" noValidate>
          <Field id="name" label="Name" error={errors.name}>
            {(p) => <input {...p} type="text" autoComplete="off" defaultValue={values.name} required />}
          </Field>
          <Field id="email" label="E-mail address" error={errors.email}>
            {(p) => <input {...p} type="email" autoComplete="off" defaultValue={values.email} required />}
          </Field>
          <Field id="role" label="Role" error={errors.role}>
            {(p) => (
              <select {...p} defaultValue={values.role}>
                <option value="">Choose…</option>
                {loaderData.roles.map((r) => (
                  <option key={r.value} value={r.value}>
                    {r.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <button type="submit" className="button">
            Invite and make a link
          </button>
        </Form>
      </section>
    </>
  );
}
