/**
 * /staff/bills/tokens: the billing system's integration tokens (administrators only). A token is
 * shown once when made; revoking one stops it at once. Both are in the audit log, and so is
 * every import made with a token (server/api/v1/billing.ts).
 */
import { Link } from "react-router";
import { z } from "zod";
import { issueBillingToken, listBillingTokens, revokeBillingToken } from "../../../../modules/bills/tokens.server";
import { formatDateTime } from "../../../../modules/shared/dates";
import { services } from "../../../context";
import { requireStaff } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import { Secrets } from "../Secrets";
import { type SecretKind, type SecretsActionResult, secretsAction } from "../secrets.server";
import { consoleMeta } from "../title";
import type { Route } from "./+types/tokens";

export const handle: ConsoleHandle = { staff: "billing.tokens" };

/** What revoking stops (the page's question and the message after; a plain string the page can carry). */
const REVOKED_MEANS = "its job can no longer send files";

const billingTokens: SecretKind = {
  permission: "billing.tokens",
  objectType: "billing_token",
  noun: "token",
  revokedMeans: REVOKED_MEANS,
  nameSchema: z.object({
    name: z.string().trim().min(1, "Name the integration, like “Billing system nightly job”.").max(100, "At most 100 characters."),
  }),
  list: listBillingTokens,
  issue: async (db, input) => {
    const made = await issueBillingToken(db, input);
    return { id: made.id, secret: made.token };
  },
  revoke: (db, id) => revokeBillingToken(db, id),
};

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "billing.tokens");
  const tokens = await listBillingTokens(services(args.context).db);
  return {
    tokens: tokens.map((k) => ({
      id: k.id,
      name: k.name,
      createdAt: formatDateTime(k.createdAt),
      lastUsedAt: k.lastUsedAt ? formatDateTime(k.lastUsedAt) : null,
      revokedAt: k.revokedAt ? formatDateTime(k.revokedAt) : null,
    })),
  };
}

export const action = (args: Route.ActionArgs) => secretsAction(args, billingTokens);

export const meta: Route.MetaFunction = () => consoleMeta("Billing tokens");

export default function BillingTokens({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <>
      <p>
        <Link to="/staff/bills">Bills and payments</Link>
      </p>
      <h1>Billing system tokens</h1>
      <p>
        A token lets one of the billing system's jobs send bill and payment files to <code>POST /api/v1/billing/bills</code> and{" "}
        <code>/api/v1/billing/payments</code> (header <code>Authorization: Bearer …</code>). Make one per integration, so each can be
        revoked alone. Every use is in the audit log.
      </p>
      <Secrets
        result={actionData as SecretsActionResult | undefined}
        words={{
          holder: "Integration",
          make: "Make",
          noun: "token",
          made: "Made",
          shownOnce: "copy it into the job's settings.",
          revokedMeans: REVOKED_MEANS,
        }}
        moreColumns={["Last used"]}
        rows={d.tokens.map((k) => ({ ...k, more: [k.lastUsedAt ?? "never"] }))}
      />
    </>
  );
}
