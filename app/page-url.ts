/**
 * The address of the page a request is for. With JavaScript on, React Router asks for a
 * page's data and posts its forms at `<path>.data` (`/_.data` for the site's root) and may
 * add `_routes` and `index` to the query; loaders and actions see that request as it came.
 * A redirect or a "back to this page" link built from `request.url` itself would point at
 * the `.data` address, which is no page: the console answered those saves with its 404.
 */
export function pageUrl(request: Request | string): URL {
  const url = new URL(typeof request === "string" ? request : request.url);
  if (url.pathname.endsWith("/_.data")) url.pathname = url.pathname.slice(0, -"_.data".length);
  else if (url.pathname.endsWith(".data")) url.pathname = url.pathname.slice(0, -".data".length);
  url.searchParams.delete("_routes");
  // `?index` names the index route a form posts to; it is not part of the page's address.
  if (url.searchParams.get("index") === "") url.searchParams.delete("index");
  return url;
}

/** The page's path and query, for a redirect back to it. */
export const pagePath = (request: Request | string): string => {
  const url = pageUrl(request);
  return url.pathname + url.search;
};
