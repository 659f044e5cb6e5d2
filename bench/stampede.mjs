// Stampede: 200 concurrent requests for a cold page cause exactly one render and one
// round of database queries (the round a single request costs, measured alongside).
import { startService } from "./lib/service.mjs";
import { limitTime, timeLimit, verdict } from "./lib/verdict.mjs";

limitTime("stampede", timeLimit(120));

const PAGE = process.env.BENCH_PAGE ?? "/news/power-interruptions";
// Without the alerts worker: its relay looks for pending alerts every 2 s through the same
// database, and on a loaded machine, where 200 answers take longer than that, its queries were
// counted with the render's (6 of 5).
const env = { CACHE_TTL_MS: "60000", ALERTS_WORKER: "off" };

// One request alone, on a service of its own: the queries one render costs. (Not on the same
// service: a query string the page does not read is not in the cache key, so any URL of the
// page would then be answered from the cache.)
const alone = await startService({ env });
let queriesPerRender;
try {
  const m0 = await alone.metrics();
  await (await fetch(alone.url + PAGE)).text();
  queriesPerRender = (await alone.metrics()).dbQueries - m0.dbQueries;
} finally {
  await alone.stop();
}

const service = await startService({ env });
try {
  // 200 at once on the cold page.
  const m0 = await service.metrics();
  const responses = await Promise.all(
    Array.from({ length: 200 }, () =>
      fetch(service.url + PAGE).then(async (r) => ({ status: r.status, cache: r.headers.get("x-cache"), body: await r.text() })),
    ),
  );
  const m1 = await service.metrics();
  const renders = m1.renders - m0.renders;
  const queries = m1.dbQueries - m0.dbQueries;
  const statuses = [...new Set(responses.map((r) => r.status))];
  // One render, kept as stored bytes: every answer is the same document (no per-answer nonce).
  const sameBody = new Set(responses.map((r) => r.body)).size === 1;
  console.log(
    `200 concurrent requests for ${PAGE}: statuses ${statuses.join(",")}, renders ${renders}, database queries ${queries} (one render alone costs ${queriesPerRender}), identical documents ${sameBody}`,
  );
  console.log(
    `X-Cache: ${responses.filter((r) => r.cache === "MISS").length} MISS, ${responses.filter((r) => r.cache === "HIT").length} HIT`,
  );
  console.log(JSON.stringify({ renders, queries, queriesPerRender }));
  verdict(
    renders === 1 && queries === queriesPerRender && statuses.join() === "200" && sameBody,
    "200 concurrent requests for a cold page: one render, the queries of one render, all 200, one identical document",
    `renders ${renders}, queries ${queries} of ${queriesPerRender}, statuses ${statuses.join(",")}`,
  );
} finally {
  await service.stop();
}
