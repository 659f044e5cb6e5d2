// Stampede: 200 concurrent requests for a cold page cause exactly one render and one
// round of database queries (the round a single request costs, measured alongside).
import { startService } from "./lib/service.mjs";

const PAGE = process.env.BENCH_PAGE ?? "/news/power-interruptions";
const service = await startService({ env: { CACHE_TTL_MS: "60000" } });
try {
  await fetch(service.url + "/healthz");
  // One request alone, on a cold URL of the same page: the queries one render costs.
  let m0 = await service.metrics();
  const single = await fetch(`${service.url}${PAGE}?single=1`);
  await single.text();
  let m1 = await service.metrics();
  const queriesPerRender = m1.dbQueries - m0.dbQueries;

  // 200 at once on another cold URL.
  m0 = await service.metrics();
  const responses = await Promise.all(
    Array.from({ length: 200 }, () =>
      fetch(service.url + PAGE).then(async (r) => ({ status: r.status, cache: r.headers.get("x-cache"), body: await r.text() })),
    ),
  );
  m1 = await service.metrics();
  const renders = m1.renders - m0.renders;
  const queries = m1.dbQueries - m0.dbQueries;
  const statuses = [...new Set(responses.map((r) => r.status))];
  // Every answer has its own CSP nonce; apart from it the documents are the same.
  const withoutNonce = (body) => (body.split(/nonce="([^"]*)"/)[1] ? body.split(body.match(/nonce="([^"]*)"/)[1]).join("") : body);
  const sameBody = new Set(responses.map((r) => withoutNonce(r.body))).size === 1;
  const nonces = new Set(responses.map((r) => r.body.match(/nonce="([^"]*)"/)?.[1]));
  console.log(
    `200 concurrent requests for ${PAGE}: statuses ${statuses.join(",")}, renders ${renders}, database queries ${queries} (one render alone costs ${queriesPerRender}), identical documents ${sameBody}, distinct nonces ${nonces.size}`,
  );
  console.log(
    `X-Cache: ${responses.filter((r) => r.cache === "MISS").length} MISS, ${responses.filter((r) => r.cache === "HIT").length} HIT`,
  );
  console.log(JSON.stringify({ renders, queries, queriesPerRender }));
  if (renders !== 1 || queries !== queriesPerRender || statuses.join() !== "200") process.exitCode = 1;
} finally {
  await service.stop();
}
