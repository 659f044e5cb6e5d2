/**
 * Search-engine and sharing metadata for a page: title, description, canonical
 * link and Open Graph / Twitter tags (with an image, so a shared advisory shows
 * well on Facebook). Every route's `meta` export uses it.
 */
import type { MetaDescriptor } from "react-router";
import { COOPERATIVE } from "../modules/shared/constants";

export const DEFAULT_DESCRIPTION = `${COOPERATIVE.name}: power interruption schedules, electricity rates, advisories, bids, careers and services for member-consumers in Bolinao, Anda, Bani, Agno, Alaminos City, Burgos, Mabini, Dasol and Infanta.`;

export interface PageMeta {
  title: string;
  description?: string;
  /** The page's path, e.g. "/rates"; made absolute with the site's origin. */
  path?: string;
  /** An absolute path or URL of a 1200×630 image; the site's card by default. */
  image?: string;
  type?: "website" | "article";
  /** The site's origin (PUBLIC_URL); from the root loader. */
  origin?: string;
}

export function pageMeta({
  title,
  description = DEFAULT_DESCRIPTION,
  path,
  image = "/og-image.png",
  type = "website",
  origin = "",
}: PageMeta): MetaDescriptor[] {
  const fullTitle = title === COOPERATIVE.name ? title : `${title} | ${COOPERATIVE.shortName}`;
  const absolute = (p: string) => (/^https?:\/\//.test(p) ? p : `${origin}${p}`);
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:site_name", content: COOPERATIVE.name },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:image", content: absolute(image) },
    { property: "og:locale", content: "en_PH" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (path) {
    tags.push({ property: "og:url", content: absolute(path) }, { tagName: "link", rel: "canonical", href: absolute(path) });
  }
  return tags;
}

const organizationJsonLdByOrigin = new Map<string, string>();

/**
 * The organization as JSON-LD (schema.org), rendered once in the document head. The same
 * text for every page of an origin: built once per origin.
 */
export function organizationJsonLd(origin: string): string {
  let text = organizationJsonLdByOrigin.get(origin);
  if (text === undefined) {
    text = organizationJsonLdOf(origin);
    if (organizationJsonLdByOrigin.size < 16) organizationJsonLdByOrigin.set(origin, text);
  }
  return text;
}

function organizationJsonLdOf(origin: string): string {
  return JSON.stringify({
    "@context": "https://schema.org",
    "@type": "Organization",
    name: COOPERATIVE.name,
    alternateName: COOPERATIVE.shortName,
    url: origin || undefined,
    logo: `${origin}/logo.svg`,
    foundingDate: String(COOPERATIVE.since),
    email: COOPERATIVE.email,
    telephone: COOPERATIVE.phone,
    address: {
      "@type": "PostalAddress",
      streetAddress: "National Road, Poblacion",
      addressLocality: "Bani",
      addressRegion: "Pangasinan",
      postalCode: "2407",
      addressCountry: "PH",
    },
    areaServed: ["Bolinao", "Anda", "Bani", "Agno", "Alaminos City", "Burgos", "Mabini", "Dasol", "Infanta"].map((name) => ({
      "@type": "City",
      name,
    })),
    sameAs: [COOPERATIVE.facebookUrl],
  }).replace(/</g, "\\u003c");
}

type MetaArgsLike = { location: { pathname: string }; matches: readonly ({ id: string; loaderData?: unknown } | undefined)[] };

/**
 * Every route's `meta`: its own tags (title, description, robots) from `own`, with the
 * sharing tags added. `image` picks the page's picture (a news item's photo).
 *   export const meta: Route.MetaFunction = socialMeta(pageTags);
 */
export function socialMeta<Args extends MetaArgsLike>(
  own: (args: Args) => MetaDescriptor[] | undefined,
  image?: (args: Args) => string | undefined,
): (args: Args) => MetaDescriptor[] {
  return (args) => withSocial(own(args), args, image?.(args));
}

/**
 * Adds the sharing tags (Open Graph, Twitter, canonical) to a page's own meta, taking
 * its title and description. `image` is the page's picture (a news item's photo).
 */
function withSocial(tags: MetaDescriptor[] | undefined, args: MetaArgsLike, image?: string): MetaDescriptor[] {
  const own = tags ?? [];
  const title = own.find((t): t is { title: string } => "title" in t && typeof t.title === "string")?.title;
  if (!title) return own;
  const description = own.find((t): t is { name: string; content: string } => "name" in t && t.name === "description")?.content;
  const origin = ((args.matches.find((m) => m?.id === "root")?.loaderData ?? {}) as { origin?: string }).origin;
  const shortTitle = title.replace(new RegExp(`\\s*\\|\\s*${COOPERATIVE.shortName}$`), "");
  const social = pageMeta({
    title: shortTitle,
    description,
    path: args.location.pathname,
    image,
    origin,
    type: image ? "article" : "website",
  }).filter((t) => !("title" in t) && !("name" in t && t.name === "description"));
  return [...own, ...social];
}
