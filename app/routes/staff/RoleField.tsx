/** The role of a staff account, chosen from the permission table's roles (inviting someone, changing a role). */
import { roleLabels, roles } from "../../../modules/staff/permissions";
import { Field } from "../../components/ui/Field";

export function RoleField({ error, defaultValue, choose = false }: { error?: string; defaultValue: string; choose?: boolean }) {
  return (
    <Field id="role" label="Role" error={error}>
      {(p) => (
        <select {...p} defaultValue={defaultValue}>
          {choose && <option value="">Choose…</option>}
          {roles.map((r) => (
            <option key={r} value={r}>
              {roleLabels[r]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
