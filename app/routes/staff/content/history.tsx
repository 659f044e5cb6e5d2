/**
 * /staff/history/:kind/:id: every saved revision of one item (who, when, what), the words
 * changed against the one before, and a way to restore it. Restoring asks first (`?confirm=N`,
 * a page of its own, so it asks without JavaScript too), showing what going back would change.
 */
import { useEffect, useRef } from "react";
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { restoreAnnouncementRevision } from "../../../../modules/content/announcement-editor.server";
import { ContentValidationError } from "../../../../modules/content/context";
import { restoreItemRevision } from "../../../../modules/content/items.server";
import { CONTENT_KINDS } from "../../../../modules/content/kinds.server";
import { diffSnapshots } from "../../../../modules/content/revision-diff";
import { type ContentKind, listRevisions } from "../../../../modules/content/revisions.server";
import { restoreInterruptionRevision } from "../../../../modules/interruptions/editor.server";
import { RatesRefused, restoreRatesRevision } from "../../../../modules/rates/editor.server";
import { restoreScheduleRevision } from "../../../../modules/rates/schedule.server";
import { formatDateTime } from "../../../../modules/shared/dates";
import type { Permission } from "../../../../modules/staff/permissions";
import { services } from "../../../context";
import { pageUrl } from "../../../page-url";
import { readPosted } from "../form.server";
import { requireStaff } from "../guard.server";
import { consoleMeta } from "../title";
import type { Route } from "./+types/history";
import { contentContext } from "./context.server";
import "./content.css";
import { rowIdFromParam } from "../../../../modules/shared/ids";
import type { ConsoleHandle } from "../nav";

// Any staff member reaches the page; the kind's own permission is checked once the kind is known.
export const handle: ConsoleHandle = { staff: "signed-in" };

interface HistoryKind {
  kind: ContentKind;
  permission: Permission;
  label: string;
  /** The row key from the address, or null (a 404). */
  parseId: (param: string) => string | null;
  editor: (id: string) => string;
  /** Restores a revision; the item's id when it came back as a new one (it had been removed). */
  restore: (ctx: ReturnType<typeof contentContext>, id: string, version: number) => Promise<string | undefined | void>;
  /** Names for the saved fields, where they differ from the field's own name. */
  fieldLabels?: Record<string, string>;
  /** Saved fields that another field already shows in words. */
  hidden?: string[];
}

/** The publication fields every kind with a publication saves. */
const PUBLICATION_LABELS = { publication: "Publishing", publishAt: "Publish at", unpublishAt: "Unpublish at", files: "Files" };

const numericId = (param: string) => (rowIdFromParam(param) === null ? null : param);

const announcementKind = (kind: "advisory" | "bid", label: string): HistoryKind => ({
  kind: "announcement",
  permission: "content.publish",
  label,
  parseId: numericId,
  editor: (id) => `/staff/announcements/${kind}/${id}`,
  restore: (ctx, id, version) => restoreAnnouncementRevision(ctx, kind, Number(id), version),
});

/** The kinds with a history page: their revisions, permission, editor and restore. */
const KINDS: Record<string, HistoryKind> = {
  interruption: {
    kind: "interruption",
    permission: "interruptions.manage",
    label: "Power interruption",
    parseId: numericId,
    editor: (id) => `/staff/interruptions/${id}`,
    restore: (ctx, id, version) => restoreInterruptionRevision(ctx, Number(id), version),
  },
  advisory: announcementKind("advisory", "Advisory"),
  bid: announcementKind("bid", "Invitation to bid"),
  rates: {
    kind: "rates",
    permission: "rates.manage",
    label: "Rates of one month",
    parseId: (param) => (/^\d{4}-(0[1-9]|1[0-2])$/.test(param) ? param : null),
    editor: (id) => `/staff/rates?year=${id.slice(0, 4)}&month=${Number(id.slice(5))}`,
    restore: (ctx, id, version) => restoreRatesRevision(ctx, id, version),
  },
  "rate-schedule": {
    kind: "rate-schedule",
    permission: "rates.manage",
    label: "Rate schedule of one month",
    parseId: (param) => (/^\d{4}-(0[1-9]|1[0-2])$/.test(param) ? param : null),
    editor: (id) => `/staff/rates/schedule?year=${id.slice(0, 4)}&month=${Number(id.slice(5))}`,
    restore: (ctx, id, version) => restoreScheduleRevision(ctx, id, version),
    // The figures show line by line in words ("Residential: Generation charge"); the same figures as data are for restoring.
    hidden: ["classes", "publishAt"],
  },
  // News, careers, about us, gallery, partners, branches, categories: the shared content editor.
  ...Object.fromEntries(
    Object.values(CONTENT_KINDS).map((def): [string, HistoryKind] => [
      def.key,
      {
        kind: def.revisionKind,
        permission: "content.publish",
        label: def.labels.one.replace(/^./, (c) => c.toUpperCase()),
        parseId: def.parseId,
        editor: (id) => `/staff/content/${def.key}/${id}`,
        restore: (ctx, id, version) => restoreItemRevision(ctx, def, id, version),
        fieldLabels: { ...PUBLICATION_LABELS, ...Object.fromEntries(def.fields.map((f) => [f.name, f.label.replace(/ \(.*$/, "")])) },
      },
    ]),
  ),
};

/** Ids and file keys: their change shows in the field beside them in words (areas, attachment names, files). */
const HIDDEN_FIELDS = new Set(["barangayIds", "attachments", "alts", "kind"]);

function kindOf(params: { kind?: string }) {
  const k = KINDS[params.kind ?? ""];
  if (!k) throw data({ message: "No such kind." }, { status: 404 });
  return k;
}

function idOf(k: HistoryKind, param: string | undefined): string {
  const id = k.parseId(param ?? "");
  if (id == null) throw data({ message: "Not found." }, { status: 404 });
  return id;
}

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const k = kindOf(args.params);
  await requireStaff(args, k.permission);
  const id = idOf(k, args.params.id);
  const revisions = await listRevisions(services(args.context).db, k.kind, id);
  // A month's rates saved only through the schedule editor: its revisions are the schedule's.
  if (!revisions.length && k.kind === "rates" && (await listRevisions(services(args.context).db, "rate-schedule", id)).length)
    throw redirect(`/staff/history/rate-schedule/${id}`);
  if (!revisions.length) throw data({ message: "No revisions." }, { status: 404 });
  const url = pageUrl(args.request);
  const restored = Number(url.searchParams.get("restored"));
  const changesOf = (before: Record<string, unknown> | null, after: Record<string, unknown>) =>
    diffSnapshots(before, after, k.fieldLabels)
      .filter((c) => !HIDDEN_FIELDS.has(c.field) && !k.hidden?.includes(c.field))
      .map(({ field, label, parts }) => ({ field, label, parts }));
  // Asked to restore: what the item would become, against what it is now.
  const asked = Number(url.searchParams.get("confirm"));
  const target = revisions.find((r) => r.version === asked && r !== revisions[0]);
  return {
    confirm: target
      ? {
          version: target.version,
          who: target.actorName || "system",
          when: formatDateTime(target.createdAt),
          changes: changesOf(revisions[0]!.snapshot, target.snapshot),
        }
      : null,
    // The message after a restore, as after every other save.
    restored: Number.isInteger(restored) && restored > 0 ? restored : null,
    label: k.label,
    editor: k.editor(id),
    latest: revisions[0]!.version,
    revisions: revisions.map((r, i) => {
      const previous = revisions[i + 1]?.snapshot ?? null;
      return {
        version: r.version,
        who: r.actorName || "system",
        when: formatDateTime(r.createdAt),
        action: r.action,
        changes: changesOf(previous, r.snapshot),
      };
    }),
  };
}

export async function action(args: Route.ActionArgs) {
  await requireStaff(args);
  const k = kindOf(args.params);
  const user = await requireStaff(args, k.permission);
  const id = idOf(k, args.params.id);
  const form = await readPosted(args.request, z.object({ version: z.number(), confirm: z.string().default("") }));
  // No version (or not a number) is no revision: restoring says so.
  const version = form.ok ? form.data.version : 0;
  // Not confirmed yet (an old page, a stray post): ask first.
  if (form.ok && form.data.confirm !== "yes") throw redirect(`${pageUrl(args.request).pathname}?confirm=${version}#restore-confirm`);
  let restoredAs: string | undefined | void;
  try {
    restoredAs = await k.restore(contentContext(args, user), id, version);
  } catch (error) {
    if (error instanceof ContentValidationError)
      return data({ error: Object.values(error.fieldErrors)[0] ?? error.message }, { status: 422 });
    if (error instanceof RatesRefused)
      return data({ error: `${error.message} ${error.problems.map((p) => p.message).join(" ")}` }, { status: 422 });
    throw error;
  }
  if (restoredAs && restoredAs !== id)
    throw redirect(
      `${k.editor(restoredAs)}?saved=${encodeURIComponent(`Restored version ${version}; it had been removed, so it is back under a new number.`)}`,
    );
  throw redirect(`${pageUrl(args.request).pathname}?restored=${version}`);
}

export const meta: Route.MetaFunction = () => consoleMeta("Revisions");

type Change = { field: string; label: string; parts: { value: string; added?: boolean; removed?: boolean }[] };

function ChangesTable({ changes, caption }: { changes: Change[]; caption?: string }) {
  return (
    <div className="console-table-wrap">
      <table className="diff-table">
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={c.field}>
              <th scope="row">{c.label}</th>
              <td>
                {c.parts.map((p, i) =>
                  p.added ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in order, never reordered
                    <ins key={i}>{p.value}</ins>
                  ) : p.removed ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: as above
                    <del key={i}>{p.value}</del>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: as above
                    <span key={i}>{p.value}</span>
                  ),
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Asked to restore: the question, what would change, and the two answers. */
function ConfirmRestore({ confirm }: { confirm: NonNullable<Route.ComponentProps["loaderData"]["confirm"]> }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // With JavaScript the question is focused, so it is read out and in view on a phone.
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ block: "start" });
  }, []);
  return (
    <section id="restore-confirm" className="console-card restore-confirm" aria-labelledby="restore-confirm-heading">
      <h2 id="restore-confirm-heading" ref={heading} tabIndex={-1}>
        Restore version {confirm.version}?
      </h2>
      <p>
        The item goes back to version {confirm.version} ({confirm.who}, {confirm.when}) and that becomes the newest version. Nothing is
        lost: the current version stays in the list below.
      </p>
      {confirm.changes.length > 0 ? (
        <ChangesTable changes={confirm.changes} caption="What would change, from now to that version" />
      ) : (
        <p>That version has the same content as now.</p>
      )}
      <div className="console-actions">
        <Form method="post">
          <input type="hidden" name="version" value={confirm.version} />
          <input type="hidden" name="confirm" value="yes" />
          <button type="submit" className="button">
            Yes, restore version {confirm.version}
          </button>
        </Form>
        <Link to="." className="button button--secondary">
          Cancel
        </Link>
      </div>
    </section>
  );
}

export default function History({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  return (
    <>
      <p>
        <Link to={d.editor}>← Back to the editor</Link>
      </p>
      <h1>Revisions: {d.label}</h1>
      {d.restored && !actionData?.error && (
        <p className="console-status" role="status">
          Restored version {d.restored}: it is the newest version now.
        </p>
      )}
      {actionData?.error && (
        <p className="notice notice--error" role="alert">
          {actionData.error}
        </p>
      )}
      {d.confirm && !d.restored && <ConfirmRestore key={d.confirm.version} confirm={d.confirm} />}
      <p>Newest first. In each change, added words are underlined on green, removed words struck out on red.</p>
      <ol className="content-list" reversed>
        {d.revisions.map((r) => (
          <li key={r.version} className="content-item">
            <div className="content-item__head">
              <strong>Version {r.version}</strong> <span>{r.action}</span>
            </div>
            <p className="content-item__meta">
              {r.who}, {r.when}
            </p>
            {r.changes.length > 0 ? <ChangesTable changes={r.changes} /> : <p className="content-item__meta">No change to the content.</p>}
            {r.version !== d.latest && (
              <p>
                <Link to={`?confirm=${r.version}#restore-confirm`} className="button button--secondary button--small">
                  Restore version {r.version}…
                </Link>
              </p>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
