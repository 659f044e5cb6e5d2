/**
 * POST /api/v1/billing/bills and /billing/payments: the billing system's nightly job sends the
 * cycle's bill or payment file (CSV, docs/bill-import.md) with its integration token
 * (`Authorization: Bearer …`, made and revoked by an administrator in the console). The same
 * checks and storage as the console's import (modules/bills/import.server.ts).
 * GET /billing/online-payments: the online payments it is to post, with the same token.
 * Every use, the refused ones too, is in the audit log.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { BILL_FILE_LIMIT } from "../../../modules/bills/files";
import { auditSummary, type ImportKind, importFile } from "../../../modules/bills/import.server";
import { checkBillingToken } from "../../../modules/bills/tokens.server";
import { forPosting } from "../../../modules/payments/export";
import { unpostedPayments } from "../../../modules/payments/posting.server";
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
    online_payments_posted: z.number().int().meta({
      description: "Online payments this payment file posted: receipts whose `reference` names a paid online payment of their account",
    }),
  }),
});

const onlinePaymentsSchema = z.object({
  data: z.object({
    online_payments: z.array(
      z.object({
        reference: z.string().meta({ description: "The site's reference (WP-…): send it back in the payment file's `reference` column" }),
        account_number: z.string(),
        bill_number: z.string(),
        amount_centavos: z.number().int().meta({ description: "What goes to the bill, in centavos" }),
        amount_pesos: z.string().meta({ description: "The same in pesos, like 1234.50" }),
        fee_centavos: z.number().int().meta({ description: "The convenience fee the payer paid on top (not the bill's)" }),
        fee_pesos: z.string(),
        paid_at: z.string().meta({ description: "When the gateway said paid, Manila time: 2026-11-28T14:05:00+08:00" }),
        gateway_payment_id: z.string().nullable(),
        test_mode: z.boolean().meta({ description: "A test payment: no money moved, not to be posted" }),
      }),
    ),
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
  /**
   * The integration token, checked before anything is read, and wrong tokens from one address
   * limited: a burst without a token costs neither memory nor audit rows.
   */
  const tokenCheck = (path: string) => async (request: FastifyRequest) => {
    const db = deps.database.db;
    const reservation = await reserveAttempt(db, BILLING_TOKEN_RULE, [`ip:${request.ip}`]);
    if (!reservation.ok) throw new HttpError(429, "rate_limited", "Too many wrong tokens from your address. Please wait, then try again.");
    const integration = await checkBillingToken(db, bearer(request));
    if (!integration) {
      await recordAudit(db, {
        actorId: null,
        action: "billing_token.refused",
        objectType: "billing_token",
        after: { path },
        ip: request.ip,
        userAgent: String(request.headers["user-agent"] ?? "") || null,
      });
      throw new HttpError(401, "unauthorized", NO_TOKEN);
    }
    await reservation.release();
    integrations.set(request, integration);
  };
  /** The integration's audit entry fields (who, from where), from its checked token. */
  const actorOf = (request: FastifyRequest, objectType: string) => {
    const integration = integrations.get(request);
    if (!integration) throw new HttpError(401, "unauthorized", NO_TOKEN);
    return {
      actorId: null,
      actorEmail: `integration:${integration.name}`,
      objectType,
      objectId: integration.id,
      ip: request.ip,
      userAgent: String(request.headers["user-agent"] ?? "") || null,
    };
  };
  const api = typed(app);
  api.get(
    "/billing/online-payments",
    {
      config: { policy: { personal: true } },
      onRequest: tokenCheck("/api/v1/billing/online-payments"),
      schema: {
        summary: "The online payments for the billing system to post",
        description:
          "Online payments paid at the gateway and not yet posted, oldest first (a refund due is not among them). " +
          "Post each with its official receipt and send the reference back in the payment file's `reference` column " +
          "(docs/bill-import.md): the payment then leaves this list. Needs an integration token (`Authorization: Bearer …`); every use is audited.",
        tags: ["Billing"],
        security: [{ billingToken: [] }],
        response: { 200: onlinePaymentsSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const db = deps.database.db;
      const actor = actorOf(request, "online_payment");
      const list = await unpostedPayments(db);
      await recordAudit(db, { ...actor, action: "online_payments.exported", after: { via: "api", rows: list.length } });
      return reply.header("Cache-Control", "no-store").send({ data: { online_payments: list.map(forPosting) } });
    },
  );
  for (const kind of ["bills", "payments"] as const satisfies readonly ImportKind[]) {
    api.post(
      `/billing/${kind}`,
      {
        bodyLimit: BILL_FILE_LIMIT,
        config: { policy: { personal: true } },
        // The token is checked before the file (up to 64 MB) is read.
        onRequest: tokenCheck(`/api/v1/billing/${kind}`),
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
        const actor = actorOf(request, "bill_import");
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
            online_payments_posted: s.posted,
          },
        });
      },
    );
  }
}
