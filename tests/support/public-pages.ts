/**
 * Every page a visitor can open, from one list: the route table (app/routes.ts) for the
 * paths without parameters, the sitemap for the items behind parameters (bids, news), and
 * one example for each parameterised page the sitemap does not list. Pages other
 * engineers add to the route table are walked by the markup checks without a change here.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";

/** Parameterised pages that no sitemap lists (personal or printable pages): one example each. */
export const EXAMPLES: Record<string, string> = {
  "agam-registration-confirmation/:origin/:account": "/agam-registration-confirmation/web/01-2345-6789",
  "service/request-complaint/:form": "/service/request-complaint/wiring-job-order",
  "service/new-service-connection/:token": "/service/new-service-connection/NSC-0000-000000",
  "fil/service/request-complaint/:form": "/fil/service/request-complaint/wiring-job-order",
  "fil/service/new-service-connection/:token": "/fil/service/new-service-connection/NSC-0000-000000",
  "agam-registration/confirmation/:token": "/agam-registration/confirmation/AAAAAAAAAAAAAAAAAAAAAAAAAAA",
};

/**
 * Paths of the route table, children joined to their parents; a public route's optional
 * language segment (`fil?/rates`) gives both paths (`rates` and `fil/rates`), so every
 * check over these pages runs over the Filipino ones too.
 */
export function routePatterns(entries: RouteConfigEntry[] = routes, parent = ""): string[] {
  return entries.flatMap((entry) => {
    const here = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const self = entry.index || entry.path !== undefined ? expandOptional(here) : [];
    return [...self, ...routePatterns(entry.children ?? [], here)];
  });
}

function expandOptional(path: string): string[] {
  if (path === "fil?") return ["", "fil"];
  if (path.startsWith("fil?/")) return [path.slice("fil?/".length), `fil/${path.slice("fil?/".length)}`];
  return [path];
}

export interface PublicPage {
  /** Path to open, as typed in the address bar. */
  path: string;
  /** Where it ended after redirects (a console page without a session ends at the sign-in). */
  finalPath: string;
  html: string;
  status: number;
}

/**
 * Opens every candidate path on a running site and keeps the HTML answers, each final
 * address once (redirects to one sign-in page count once). Resource routes (feeds,
 * CSV, calendars, images) are left out by their content type.
 */
export async function collectPublicPages(baseUrl: string): Promise<PublicPage[]> {
  const patterns = [...new Set(routePatterns())];
  const fixed = patterns.filter((p) => !p.includes(":") && !p.includes("*")).map((p) => `/${p}`);
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, "&")).pathname);
  // From the sitemap: at most two items per parameterised pattern (every bid is the same page).
  const perPattern = new Map<string, number>();
  const fromSitemap = listed.filter((p) => {
    const pattern = patternOf(p, patterns);
    if (!pattern || !pattern.includes(":")) return true;
    const n = perPattern.get(pattern) ?? 0;
    perPattern.set(pattern, n + 1);
    return n < 2;
  });
  const examples = patterns.filter((p) => p.includes(":") && !perPattern.has(p) && EXAMPLES[p]).map((p) => EXAMPLES[p]!);
  const candidates = [...new Set([...fixed, ...fromSitemap, ...examples, "/no/such/page", "/api/v1/docs"])];

  const pages: PublicPage[] = [];
  const seen = new Set<string>();
  for (const path of candidates) {
    const res = await fetch(baseUrl + path, { headers: { Accept: "text/html" } });
    const finalPath = new URL(res.url).pathname;
    if (!String(res.headers.get("content-type")).startsWith("text/html") || seen.has(finalPath)) {
      await res.body?.cancel();
      continue;
    }
    seen.add(finalPath);
    pages.push({ path, finalPath, html: await res.text(), status: res.status });
  }
  return pages;
}

/** The route pattern a concrete path matches (parameters match one segment). */
export function patternOf(path: string, patterns: string[]): string | undefined {
  const segs = path.split("/").filter(Boolean);
  const matches = patterns.filter((p) => {
    const ps = p.split("/").filter(Boolean);
    return ps.length === segs.length && ps.every((s, i) => s.startsWith(":") || s.toLowerCase() === segs[i]!.toLowerCase());
  });
  // The most specific: fewest parameters.
  return matches.sort((a, b) => a.split(":").length - b.split(":").length)[0];
}
