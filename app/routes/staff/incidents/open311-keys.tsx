/**
 * /staff/open311-keys: the keys Open311 clients file reports with. A key is shown once when
 * issued; revoking one stops it at once. Both are in the audit log.
 */
import { Link } from "react-router";
import {
  issueOpen311Key,
  listOpen311Keys,
  open311KeyFormSchema,
  revokeOpen311Key,
} from "../../../../modules/interruptions/restoration-hub.server";
import { formatDateTime } from "../../../../modules/shared/dates";
import { services } from "../../../context";
import { requireStaff } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import { Secrets } from "../Secrets";
import { type SecretKind, type SecretsActionResult, secretsAction } from "../secrets.server";
import { consoleMeta } from "../title";
import type { Route } from "./+types/open311-keys";

/** What the permission-matrix test checks (tests/staff/permissions.test.ts). */
export const handle: ConsoleHandle = { staff: "incidents.manage" };

/** What revoking stops (the page's question and the message after; a plain string the page can carry). */
const REVOKED_MEANS = "it no longer files reports";

const open311Keys: SecretKind = {
  permission: "incidents.manage",
  objectType: "open311_key",
  noun: "key",
  revokedMeans: REVOKED_MEANS,
  nameSchema: open311KeyFormSchema,
  list: listOpen311Keys,
  issue: async (db, input) => {
    const made = await issueOpen311Key(db, input);
    return { id: made.id, secret: made.key };
  },
  revoke: (db, id) => revokeOpen311Key(db, id),
};

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "incidents.manage");
  const keys = await listOpen311Keys(services(args.context).db);
  return {
    keys: keys.map((k) => ({
      id: k.id,
      name: k.name,
      createdAt: formatDateTime(k.createdAt),
      revokedAt: k.revokedAt ? formatDateTime(k.revokedAt) : null,
    })),
  };
}

export const action = (args: Route.ActionArgs) => secretsAction(args, open311Keys);

export const meta: Route.MetaFunction = () => consoleMeta("Open311 keys");

export default function Open311Keys({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <>
      <p>
        <Link to="/staff/incidents">Incidents</Link>
      </p>
      <h1>Open311 API keys</h1>
      <p>
        A key lets an Open311 client (a disaster office, a radio station's app) file reports at <code>/open311/v2/requests.json</code>.
        Reading is open to all.
      </p>
      <Secrets
        result={actionData as SecretsActionResult | undefined}
        words={{
          holder: "Client",
          make: "Issue",
          noun: "key",
          made: "Issued",
          shownOnce: "copy it and send it to them safely.",
          revokedMeans: REVOKED_MEANS,
        }}
        rows={d.keys}
      />
    </>
  );
}
