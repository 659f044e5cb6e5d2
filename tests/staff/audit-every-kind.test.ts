/**
 * Every kind of audit entry the code can write reads in words: the test walks the source for
 * each place that writes an entry (recordAudit, auditMember, auditContentChange, the content
 * change, the account page's audit, direct inserts), collects the action codes, object types
 * and the keys of the before/after it records, and fails on one the audit log would show as
 * a raw code or key. A new kind of entry fails here until audit-words.ts has its words.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  auditActionKnown,
  auditActionWords,
  auditChangeWords,
  auditFieldKnown,
  auditFieldLabel,
  auditObjectWords,
  auditThingKnown,
} from "../../app/routes/staff/audit-words";
import { INTERRUPTION_STATUSES } from "../../db/schema/enum-values";
import { CONNECTION_STATUSES } from "../../modules/members/connection-queue";
import { INCIDENT_STATUSES } from "../../modules/reports/model";
import { permissions, roles } from "../../modules/staff/permissions";

const ROOT = join(import.meta.dirname, "../..");

function sources(): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(ROOT, dir))) {
      const rel = `${dir}/${name}`;
      if (statSync(join(ROOT, rel)).isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name))
        out.push({ path: rel, text: readFileSync(join(ROOT, rel), "utf8") });
    }
  };
  for (const dir of ["app", "server", "modules"]) walk(dir);
  return out;
}

/** Files that write audit entries. */
const WRITES = /recordAudit\(|auditMember\(|auditContentChange\(|recordContentChange\(|insert\(auditLog\)|audit\(staff, me, "/;
const writers = sources().filter((f) => WRITES.test(f.text));

/** The action expressions built from a template, each with the codes it can give. */
const content = readFileSync(join(ROOT, "modules/content/revisions.server.ts"), "utf8");
const contentKinds = [...(content.match(/export type ContentKind =([^;]+);/)?.[1] ?? "").matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
const secretKinds = sources()
  .filter((f) => /: SecretKind = \{/.test(f.text))
  .flatMap((f) => [...f.text.matchAll(/objectType: "([^"]+)"/g)].map((m) => m[1]!));
const TEMPLATES: Record<string, string[]> = {
  '`${kind === "bills" ? "bills" : "payments"}.imported`': ["bills.imported", "payments.imported"],
  // The billing API's imports, kind being bills or payments.
  "`${kind}.imported`": ["bills.imported", "payments.imported"],
  "`${kind}.import_refused`": ["bills.import_refused", "payments.import_refused"],
  "`portal.${intent}ed`": ["portal.locked", "portal.unlocked"],
  "`${kind.objectType}.revoked`": secretKinds.map((t) => `${t}.revoked`),
  "`${kind.objectType}.issued`": secretKinds.map((t) => `${t}.issued`),
  // recordContentChange: "<kind or advisory/bid>.<first word of the revision action>".
  '`${objectType}.${change.auditAction ?? change.action.replace(/ .*/, "")}`': [...contentKinds, "advisory", "bid"].flatMap((k) =>
    ["created", "edited", "published", "scheduled", "archived", "removed", "restored", "imported", "saved", "status_changed"].map(
      (a) => `${k}.${a}`,
    ),
  ),
};
/** Expressions that pass an action along (not a code of their own). */
const PASSED = new Set([
  "entry.action",
  "change.action",
  "action",
  "r.action",
  'get("action")',
  "query.action || undefined",
  "input.action",
]);

function actionsWritten(): { actions: Set<string>; unknownExpressions: string[] } {
  const actions = new Set<string>();
  const unknownExpressions: string[] = [];
  for (const f of writers) {
    for (const m of f.text.matchAll(/\baction: ([^\n]+)/g)) {
      // The expression, up to the next property or the end of the object.
      const expr = m[1]!
        .split(/,\s*(?:\w+\s*[:,}]|\.\.\.)|,?\s*\}\s*\)?[,;)]*\s*$/)[0]!
        .replace(/,\s*$/, "")
        .trim();
      if (PASSED.has(expr) || /^(string|"[a-z]+"\s*\|)/.test(expr) || /^[a-z]+;?$/.test(expr)) continue;
      const template = Object.keys(TEMPLATES).find((t) => expr === t);
      if (template) {
        for (const a of TEMPLATES[template]!) actions.add(a);
        continue;
      }
      const codes = [...expr.matchAll(/"([a-z_]+(?:\.[a-z_]+)*)"/g)].map((c) => c[1]!);
      // A bare revision action ("saved", "archived") goes through recordContentChange: covered above.
      const audited = codes.filter((c) => c.includes(".") || c === "sign_out");
      if (audited.length) for (const c of audited) actions.add(c);
      else if (!codes.length) unknownExpressions.push(`${f.path}: ${expr}`);
    }
    for (const m of f.text.matchAll(/audit\(staff, me, "([^"]+)"/g)) actions.add(m[1]!);
  }
  return { actions, unknownExpressions };
}

const objectTypes = () => new Set(writers.flatMap((f) => [...f.text.matchAll(/objectType: "([^"]+)"/g)].map((m) => m[1]!)));

function keysRecorded(): Set<string> {
  const keys = new Set<string>();
  for (const f of writers)
    for (const m of f.text.matchAll(/(?:before|after): \{([^{}]*)\}/g))
      for (const k of m[1]!.matchAll(/(?:^|,)\s*([A-Za-z]\w*)\s*(?=[:,]|$)/g)) keys.add(k[1]!);
  return keys;
}

/** What a raw code or key looks like in a rendered line. */
const codeValues = [...INCIDENT_STATUSES, ...CONNECTION_STATUSES, ...INTERRUPTION_STATUSES, ...roles, ...permissions].filter((c) =>
  /[-_.]/.test(c),
);
function rawIn(text: string): string | null {
  const snake = text.match(/\b[a-z]+_[a-z_]+\b/);
  if (snake) return snake[0];
  const camel = text.match(/\b[a-z]+[A-Z][A-Za-z]*\b/);
  if (camel) return camel[0];
  const dotted = text.match(/\b[a-z]+\.[a-z]+\b/);
  if (dotted) return dotted[0];
  const code = codeValues.find((c) => new RegExp(`(^|[^\\w-])${c.replace(/\./g, "\\.")}($|[^\\w-])`).test(text));
  if (code) return code;
  if (/^Etr\b|Documents: \d/.test(text)) return text;
  return null;
}

describe("every kind of audit entry in words", () => {
  const { actions, unknownExpressions } = actionsWritten();

  it("finds the places that write entries", () => {
    // The walk itself must work: these are known to be written.
    for (const a of [
      "sign_in.succeeded",
      "user.role_changed",
      "connection.documents_changed",
      "incident.status_changed",
      "billing_token.revoked",
      "news.published",
      "advisory.archived",
      "alert_channel.paused",
      "agam.factor_suspended",
    ])
      expect(actions, a).toContain(a);
    expect(actions.size).toBeGreaterThan(100);
    // An action built some new way must be taught to this test (and given words).
    expect(unknownExpressions).toEqual([]);
  });

  it("has words for every action and object type, with no code in them", () => {
    const missing = [...actions].filter((a) => !auditActionKnown(a));
    expect(missing).toEqual([]);
    for (const a of actions) expect(rawIn(auditActionWords(a)), `${a} → ${auditActionWords(a)}`).toBeNull();
    const types = [...objectTypes(), ...contentKinds];
    expect(types.filter((t) => !auditThingKnown(t))).toEqual([]);
    for (const t of types) expect(rawIn(auditObjectWords(t, "7")), t).toBeNull();
  });

  it("names every field an entry records in words", () => {
    const keys = [...keysRecorded()].filter((k) => !/(^id$|Ids?$)/.test(k));
    expect(keys.length).toBeGreaterThan(30);
    expect(keys.filter((k) => !auditFieldKnown(k))).toEqual([]);
    for (const k of keys) expect(rawIn(auditFieldLabel(k)), k).toBeNull();
  });

  it("says statuses, documents, estimated restorations, roles and permissions in words", () => {
    const lines = [
      ...auditChangeWords(
        { status: "received", etr: null },
        { status: "crew-assigned", etr: "2026-03-05T10:00:00.000Z", note: "Crew from Alaminos" },
      ),
      ...auditChangeWords({ documents: [0, 1, 2] }, { documents: [0, 1, 2, 5, 6] }),
      ...auditChangeWords({ documents: [0, 3] }, { documents: [0] }),
      ...auditChangeWords(null, { method: "GET", permission: "billing.tokens", role: "member-services" }),
      ...auditChangeWords({ role: "communications" }, { role: "dispatcher" }),
      ...auditChangeWords({ status: "documents-checked" }, { status: "seminar-scheduled", seminarDate: "2026-03-10" }),
      ...auditChangeWords(null, { state: "off", etr: "2026-03-05T10:00:00.000Z", barangays: 12 }),
      ...auditChangeWords({ status: "scheduled" }, { status: "extended" }),
      ...auditChangeWords(null, { sessionsEnded: 2, consumersOff: 40, waitMs: 900_000 }),
    ];
    expect(lines).toEqual([
      "Status: Received → Crew assigned",
      "Estimated restoration: March 5, 2026, 6:00 PM",
      "Note: Crew from Alaminos",
      "Documents ticked: Fire safety clearance, Certificate of occupancy",
      "Documents unticked: Tax identification number",
      "Method: GET",
      "Permission needed: Make and revoke billing system tokens",
      "Role: Member services",
      "Role: Communications → Dispatcher",
      "Status: Documents checked → Seminar scheduled",
      "Seminar date: March 10, 2026",
      "Power: Whole town without power",
      "Estimated restoration: March 5, 2026, 6:00 PM",
      "Barangays: 12",
      "Status: Scheduled → Extended",
      "Sessions ended: 2",
      "Consumers without power: 40",
      "Held back for: 15 min",
    ]);
    for (const line of lines) expect(rawIn(line), line).toBeNull();
  });
});
