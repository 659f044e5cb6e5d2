/**
 * /staff/history/:kind/:id: every saved revision of one item (who, when, what), the words
 * changed against the one before, and a button to restore it.
 */
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

const HIDDEN_FIELDS = new Set(["barangayIds", "attachments", "alts"]);

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
  if (!revisions.length) throw data({ message: "No revisions." }, { status: 404 });
  const restored = Number(pageUrl(args.request).searchParams.get("restored"));
  return {
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
        changes: diffSnapshots(previous, r.snapshot)
          .filter((c) => !HIDDEN_FIELDS.has(c.field))
          .map((c) => ({ ...c, label: k.fieldLabels?.[c.field] ?? c.field })),
      };
    }),
  };
}

export async function action(args: Route.ActionArgs) {
  await requireStaff(args);
  const k = kindOf(args.params);
  const user = await requireStaff(args, k.permission);
  const id = idOf(k, args.params.id);
  const form = await readPosted(args.request, z.object({ version: z.number() }));
  // No version (or not a number) is no revision: restoring says so.
  const version = form.ok ? form.data.version : 0;
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
      <ol className="content-list" reversed>
        {d.revisions.map((r) => (
          <li key={r.version} className="content-item">
            <div className="content-item__head">
              <strong>Version {r.version}</strong> <span>{r.action}</span>
            </div>
            <p className="content-item__meta">
              {r.who}, {r.when}
            </p>
            {r.changes.length > 0 ? (
              <div className="console-table-wrap">
                <table className="diff-table">
                  <thead>
                    <tr>
                      <th scope="col">Field</th>
                      <th scope="col">Change (added, removed)</th>
                    </tr>
                  </thead>
                  <tbody>
                    {r.changes.map((c) => (
                      <tr key={c.field}>
                        <th scope="row">{c.label}</th>
                        <td>
                          {c.parts.map((p, i) =>
                            p.added ? (
                              <ins key={i}>{p.value}</ins>
                            ) : p.removed ? (
                              <del key={i}>{p.value}</del>
                            ) : (
                              <span key={i}>{p.value}</span>
                            ),
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p className="content-item__meta">No change to the content.</p>
            )}
            {r.version !== d.latest && (
              <Form method="post">
                <input type="hidden" name="version" value={r.version} />
                <button type="submit" className="button button--secondary button--small">
                  Restore version {r.version}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
