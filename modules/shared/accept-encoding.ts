/**
 * The content codings a client accepts, read from its Accept-Encoding header: the one reading
 * for the page cache's choice of stored variant and the member pages' own gzip.
 */

/** The codings named (lower case) without q=0; `*` stands for any other. */
export function acceptedEncodings(acceptEncoding: string | null | undefined): Set<string> {
  const accepted = new Set<string>();
  if (!acceptEncoding) return accepted;
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q && Number(q.slice(2)) <= 0) continue;
    accepted.add(name!.trim());
  }
  return accepted;
}

/** Whether the client takes gzip (by name or `*`, not refused with q=0). */
export function acceptsGzip(acceptEncoding: string | null | undefined): boolean {
  const accepted = acceptedEncodings(acceptEncoding);
  return accepted.has("gzip") || accepted.has("*");
}
