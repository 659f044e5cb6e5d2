import { listGalleryImages } from "../../../modules/content/gallery.server";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { GalleryGrid } from "../../components/ui/GalleryGrid";
import { services } from "../../context";
import { socialMeta } from "../../seo";
import type { Route } from "./+types/gallery";

const pageTags: Route.MetaFunction = () => [
  { title: `Gallery | ${COOPERATIVE.shortName}` },
  { name: "description", content: `Pictures of the ${COOPERATIVE.name}: our consumers, employees, substations, area offices and crews.` },
];

export async function loader({ context }: Route.LoaderArgs) {
  return { images: await listGalleryImages(services(context).db) };
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container page">
      <Breadcrumb items={[{ label: "About Us", to: "/about-us" }, { label: "Gallery" }]} />
      <h1>Gallery</h1>
      <p>Choose a picture to see it larger.</p>
      {loaderData.images.length ? (
        <GalleryGrid images={loaderData.images} headingLevel={2} eagerCount={2} />
      ) : (
        <p className="notice">There are no pictures yet.</p>
      )}
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
