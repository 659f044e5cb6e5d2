/**
 * The console's pages of shown-once secrets (Open311 keys, billing system tokens): make one
 * for a named client and show it once, or revoke one; both in the audit log. Each page names
 * its kind; the rule of making, revoking and auditing is here, once.
 */
import { data } from "react-router";
import { z } from "zod";
import type { DbOrTx } from "../../../db/client";
import { readForm } from "../../../modules/shared/forms";
import { recordAudit } from "../../../modules/staff/audit.server";
import type { Permission } from "../../../modules/staff/permissions";
import { services } from "../../context";
import { intentOf, postedForm } from "./form.server";
import { requireStaff, staffServices } from "./guard.server";

export interface SecretKind {
  permission: Permission;
  /** The audit log's object type; actions are `<type>.issued` and `<type>.revoked`. */
  objectType: string;
  /** What one is called in messages: "key", "token". */
  noun: string;
  /** What revoking stops, for the message: "it no longer files reports". */
  revokedMeans: string;
  nameSchema: z.ZodObject<{ name: z.ZodType<string> }>;
  list(db: DbOrTx): Promise<{ id: number; name: string; revokedAt: Date | null }[]>;
  issue(db: DbOrTx, input: { name: string; actorId: string }): Promise<{ id: number; secret: string }>;
  revoke(db: DbOrTx, id: number): Promise<boolean>;
}

export type SecretsActionResult = { issued?: { name: string; secret: string }; revoked?: string; errors: { name?: string }; name?: string };

export async function secretsAction(args: Parameters<typeof requireStaff>[0], kind: SecretKind) {
  const me = await requireStaff(args, kind.permission);
  const db = services(args.context).db;
  const st = staffServices(args);
  const form = await postedForm(args.request);
  const audit = { actorId: me.id, actorEmail: me.email, ip: st.ip, userAgent: st.userAgent, objectType: kind.objectType };
  if (intentOf(form, ["revoke"]) === "revoke") {
    const revoke = readForm(form, z.object({ id: z.number().int().positive() }));
    // One that is not there (or no number) is revoked already: nothing to do.
    let revoked = `The ${kind.noun} was revoked already.`;
    if (revoke.ok) {
      const { id } = revoke.data;
      const secret = (await kind.list(db)).find((k) => k.id === id);
      await db.transaction(async (tx) => {
        if (await kind.revoke(tx, id)) await recordAudit(tx, { ...audit, action: `${kind.objectType}.revoked`, objectId: id });
      });
      if (secret && !secret.revokedAt) revoked = `The ${kind.noun} of ${secret.name} is revoked: ${kind.revokedMeans}.`;
    }
    return data<SecretsActionResult>({ revoked, errors: {} });
  }
  const posted = readForm(form, kind.nameSchema);
  if (!posted.ok)
    return data<SecretsActionResult>({ errors: { name: posted.errors.name }, name: posted.values.name?.trim() }, { status: 422 });
  const { name } = posted.data;
  const issued = await db.transaction(async (tx) => {
    const made = await kind.issue(tx, { name, actorId: me.id });
    await recordAudit(tx, { ...audit, action: `${kind.objectType}.issued`, objectId: made.id, after: { name } });
    return made;
  });
  return data<SecretsActionResult>({ issued: { name, secret: issued.secret }, errors: {} }, { headers: { "Cache-Control": "no-store" } });
}
