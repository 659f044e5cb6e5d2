/**
 * POST /api/v1/billing/bills and /billing/payments: the billing system's nightly job sends the
 * cycle's bill or payment file (CSV, docs/bill-import.md) with its integration token
 * (`Authorization: Bearer …`, made and revoked by an administrator in the console). The same
 * checks and storage as the console's import (modules/bills/import.server.ts); every use, the
 * refused ones too, is in the audit log.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { BILL_FILE_LIMIT } from "../../../modules/bills/files";
import { auditSummary, type ImportKind, importFile } from "../../../modules/bills/import.server";
import { checkBillingToken } from "../../../modules/bills/tokens.server";
import { type AttemptRule, reserveAttempt } from "../../../modules/shared/attempt-limits.server";
import { errorSchema, HttpError } from "../../../modules/shared/errors";
import { recordAudit } from "../../../modules/staff/audit.server";
import type { AppDeps } from "../../deps";
import { typed } from "./types";

const summarySchema = z.object({
  data: z.object({
    kind: z.enum(["bills", "payments"]),
    added: z.number().int().meta({ description: "New bills or payments stored" }),
    replaced: z
      .number()
      .int()
      .meta({ description: "Corrected bills (same bill number, other figures): the earlier one is kept as a revision" }),
    unchanged: z.number().int().meta({ description: "Rows already stored exactly so (the same file twice changes nothing)" }),
    with_differences: z.number().int().meta({
      description: "Bills stored whose lines differ from the published rate schedule by more than a centavo (the console's bill check)",
    }),
    refused: z
      .array(z.object({ line: z.number().int(), key: z.string(), reason: z.string() }))
      .meta({ description: "Rows not stored: the line in the file (the header is line 1), the bill or OR number, and why" }),
  }),
});

/** Wrong integration tokens per client address: 10 in 15 minutes, then a wait. */
export const BILLING_TOKEN_RULE: AttemptRule = {
  name: "billing-token",
  free: 10,
  windowMs: 15 * 60_000,
  firstWaitMs: 60_000,
  maxWaitMs: 15 * 60_000,
};
const NO_TOKEN = "A valid integration token is needed (Authorization: Bearer …); it may have been revoked.";
/** The integration whose token a request carried, from its onRequest check. */
const integrations = new WeakMap<FastifyRequest, { id: number; name: string }>();

const bearer = (request: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(String(request.headers.authorization ?? ""))?.[1] ?? "";

export default async function billingApi(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  // The files are CSV text; this parser is this plugin's alone.
  app.addContentTypeParser(["text/csv", "text/plain"], { parseAs: "string", bodyLimit: BILL_FILE_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  const api = typed(app);
  for (const kind of ["bills", "payments"] as const satisfies readonly ImportKind[]) {
    api.post(
      `/billing/${kind}`,
      {
        bodyLimit: BILL_FILE_LIMIT,
        config: { policy: { personal: true } },
        // The token is checked before the file (up to 64 MB) is read, and wrong tokens from
        // one address are limited: a burst without a token costs neither memory nor audit rows.
        onRequest: async (request) => {
          const db = deps.database.db;
          const reservation = await reserveAttempt(db, BILLING_TOKEN_RULE, [`ip:${request.ip}`]);
          if (!reservation.ok)
            throw new HttpError(429, "rate_limited", "Too many wrong tokens from your address. Please wait, then try again.");
          const integration = await checkBillingToken(db, bearer(request));
          if (!integration) {
            await recordAudit(db, {
              actorId: null,
              action: "billing_token.refused",
              objectType: "billing_token",
              after: { path: `/api/v1/billing/${kind}` },
              ip: request.ip,
              userAgent: String(request.headers["user-agent"] ?? "") || null,
            });
            throw new HttpError(401, "unauthorized", NO_TOKEN);
          }
          await reservation.release();
          integrations.set(request, integration);
        },
        schema: {
          summary: kind === "bills" ? "Import a bill file from the billing system" : "Import a payment file from the billing system",
          description:
            `The body is the CSV file (\`Content-Type: text/csv\`), laid out as docs/bill-import.md says (a header naming the columns in any order). ` +
            "Every row is checked before anything is stored; refused rows come back with their line and reason, the others are stored. " +
            "A file that is not a " +
            (kind === "bills" ? "bill" : "payment") +
            " file stores nothing (422). Needs an integration token made by an administrator (`Authorization: Bearer …`); every use is audited.",
          tags: ["Billing"],
          security: [{ billingToken: [] }],
          body: z.string().meta({ description: "The CSV file" }),
          response: { 200: summarySchema, 401: errorSchema, 422: errorSchema, 429: errorSchema },
        },
      },
      async (request, reply) => {
        const db = deps.database.db;
        const origin = { ip: request.ip, userAgent: String(request.headers["user-agent"] ?? "") || null };
        const integration = integrations.get(request);
        if (!integration) throw new HttpError(401, "unauthorized", NO_TOKEN);
        const actor = {
          actorId: null,
          actorEmail: `integration:${integration.name}`,
          objectType: "bill_import",
          objectId: integration.id,
          ...origin,
        };
        const result = await importFile(db, kind, request.body, (tx, summary) =>
          recordAudit(tx, { ...actor, action: `${kind}.imported`, after: { ...auditSummary(summary, "api"), via: "api" } }),
        );
        if (!result.ok) {
          await recordAudit(db, { ...actor, action: `${kind}.import_refused`, after: { via: "api", error: result.error } });
          throw new HttpError(422, "invalid_body", result.error);
        }
        const s = result.summary;
        return reply.header("Cache-Control", "no-store").send({
          data: {
            kind,
            added: s.added,
            replaced: s.replaced,
            unchanged: s.unchanged,
            with_differences: s.withDifferences,
            refused: s.refused,
          },
        });
      },
    );
  }
}
