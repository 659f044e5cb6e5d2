import { services } from "../../context";
import type { Route } from "./+types/robots";

/** robots.txt: everything public may be crawled, except personal pages and the API. */
export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = services(context);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /agam-registration-confirmation/",
    "Disallow: /service/new-service-connection/",
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
