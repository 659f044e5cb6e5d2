import { listGalleryImages } from "../../../modules/content/gallery.server";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { localeOfPath, translator } from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { GalleryGrid } from "../../components/ui/GalleryGrid";
import { services } from "../../context";
import { requestLocale, useT } from "../../i18n";
import { aboutMessages } from "../../messages/about";
import { shellMessages } from "../../messages/shell";
import { socialMeta } from "../../seo";
import type { Route } from "./+types/gallery";

const pageTags: Route.MetaFunction = ({ location }) => {
  const locale = localeOfPath(location.pathname);
  return [
    { title: `${translator(shellMessages, locale)("nav.gallery")} | ${COOPERATIVE.shortName}` },
    { name: "description", content: translator(aboutMessages, locale)("gallery.description", { name: COOPERATIVE.name }) },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, reference } = services(context);
  const locale = requestLocale(request);
  // Kept until a content change (services.reference): the page is built from what is kept.
  return { images: await reference(`gallery:${locale}`, () => listGalleryImages(db, undefined, locale)) };
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const t = useT(aboutMessages);
  const s = useT(shellMessages);
  return (
    <div className="container page">
      <Breadcrumb items={[{ label: s("nav.aboutUs"), to: "/about-us" }, { label: s("nav.gallery") }]} />
      <h1>{s("nav.gallery")}</h1>
      <p>{t("gallery.intro")}</p>
      {loaderData.images.length ? (
        <GalleryGrid images={loaderData.images} headingLevel={2} eagerCount={2} />
      ) : (
        <p className="notice">{t("gallery.empty")}</p>
      )}
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
