/**
 * /staff/content/:kind/:id/preview: the saved item drawn by the public page's own component
 * and styles, with the same sanitizing, whatever its publication.
 */
import { data, Link } from "react-router";
import { getItemForEditor } from "../../../../modules/content/items.server";
import { attachmentsNamed, contentKind, newsImagesForPreview } from "../../../../modules/content/kinds.server";
import { PUBLIC_STATE_LABELS } from "../../../../modules/content/publication-state";
import type { PaymentPlaceKind } from "../../../../modules/payments/where-to-pay";
import { placesIn } from "../../../../modules/payments/where-to-pay.server";
import { now as clockNow } from "../../../../modules/shared/clock";
import { NEWS_KIND_TITLES, type NewsKind } from "../../../../modules/shared/constants";
import { sanitize } from "../../../../modules/shared/html";
import { GalleryGrid } from "../../../components/ui/GalleryGrid";
import { services } from "../../../context";
import { AnnouncementAccordion } from "../../announcements/AnnouncementAccordion";
import { ContactTable } from "../../info/ContactTable";
import { NewsArticle } from "../../news/NewsArticle";
import { WhereToPayIn } from "../../payments/WhereToPay";
import { requireStaff } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import { consoleMeta } from "../title";
import type { Route } from "./+types/item-preview";
import { itemIdOrNotFound, kindOrNotFound } from "./kind.server";
import "./content.css";

export const handle: ConsoleHandle = { staff: "content.publish" };

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "content.publish");
  const def = kindOrNotFound(contentKind(args.params.kind));
  const id = itemIdOrNotFound(def, args.params.id);
  const db = services(args.context).db;
  const item = await getItemForEditor(db, def, id);
  if (!item) throw data({ message: "Not found." }, { status: 404 });
  const v = item.values;
  const at = item.publication?.publishAt && item.publication.publishAt > clockNow() ? item.publication.publishAt : clockNow();
  const head = {
    key: def.key,
    id,
    label: def.labels.one,
    state: item.state ? PUBLIC_STATE_LABELS[item.state] : "",
    publicPath: def.publicPath(id, v),
  };
  switch (def.key) {
    case "news":
      return {
        ...head,
        view: {
          type: "news" as const,
          kindTitle: NEWS_KIND_TITLES[v.kind as NewsKind],
          item: { title: v.title!, createdAt: at.toISOString(), body: sanitize(v.body), images: await newsImagesForPreview(db, id) },
        },
      };
    case "careers":
      return {
        ...head,
        view: {
          type: "career" as const,
          item: {
            id: Number(id),
            title: v.jobTitle!,
            createdAt: at.toISOString(),
            body: sanitize(v.body),
            attachments: await attachmentsNamed(
              db,
              item.files.map((f) => f.ref),
            ),
          },
        },
      };
    case "about":
      return { ...head, view: { type: "about" as const, title: def.labels.one, html: sanitize(v.content) } };
    case "gallery": {
      const [image] = await attachmentsNamed(
        db,
        item.files.map((f) => f.ref),
      );
      const full = { src: image?.path ?? "", width: image?.width ?? 960, height: image?.height ?? 540 };
      return {
        ...head,
        view: {
          type: "gallery" as const,
          image: {
            id: Number(id),
            caption: v.caption!,
            alt: v.alt!,
            full,
            sources: [full],
            lang: "en" as const,
          },
        },
      };
    }
    case "partners":
      return { ...head, view: { type: "partner" as const, name: v.name!, logo: item.files[0]?.href ?? "" } };
    case "branches":
      return {
        ...head,
        view: {
          type: "branch" as const,
          branch: { name: v.name!, officeName: v.officeName!, address: v.address!, phones: (v.phones ?? "").split("\n").filter(Boolean) },
        },
      };
    case "where-to-pay": {
      const row = {
        id: Number(id),
        kind: v.kind as PaymentPlaceKind,
        name: v.name!,
        details: v.details ?? "",
        position: 0,
        translations: item.translations ?? {},
      };
      return { ...head, view: { type: "where-to-pay" as const, en: placesIn([row], "en"), fil: placesIn([row], "fil") } };
    }
    default:
      return { ...head, view: { type: "category" as const, title: v.title!, tag: v.tag! } };
  }
}

export const meta: Route.MetaFunction = () => consoleMeta("Preview");

export default function ContentPreview({ loaderData: d }: Route.ComponentProps) {
  const view = d.view;
  return (
    <>
      <p>
        <Link to={`/staff/content/${d.key}/${d.id}`}>← Back to the editor</Link>
      </p>
      <h1>Preview</h1>
      <p className="notice">
        The {d.label} as the public page {d.publicPath} will show it{d.state ? ` (${d.state} now)` : ""}.
      </p>
      <div className="preview-frame">
        {view.type === "news" && <NewsArticle item={view.item} />}
        {view.type === "career" && <AnnouncementAccordion items={[view.item]} idPrefix="career" label="Job postings" empty="" />}
        {view.type === "about" && (
          <div className="about">
            <div className="prose" dangerouslySetInnerHTML={{ __html: view.html }} />
          </div>
        )}
        {view.type === "gallery" && <GalleryGrid images={[view.image]} />}
        {view.type === "partner" && (
          <div className="site-footer__partners">
            <img src={view.logo} alt={view.name} width="160" height="80" />
          </div>
        )}
        {view.type === "branch" && (
          <div className="table-wrap">
            <ContactTable branches={[view.branch]} />
          </div>
        )}
        {view.type === "where-to-pay" && (
          <>
            <WhereToPayIn groups={view.en} folded={false} locale="en" />
            <WhereToPayIn groups={view.fil} folded={false} locale="fil" />
          </>
        )}
        {view.type === "category" && (
          <>
            <h2>{view.title}</h2>
            <p className="notice">
              The menu lists it as “{view.title}”, at /news/{view.tag}.
            </p>
          </>
        )}
      </div>
    </>
  );
}
