// Load: autocannon, 100 connections, 20 s, on /news/power-interruptions served by the
// service (cached), against the same bytes served statically by Debian's nginx, in the
// same run. Also the uncached render rate (CACHE_TTL_MS=0). Loopback only.
import autocannon from "autocannon";
import { startService } from "./lib/service.mjs";
import { startStaticNginx } from "./lib/nginx-static.mjs";

const PATH = "/news/power-interruptions";
const DURATION = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = 100;

function run(url, duration = DURATION) {
  return new Promise((resolve, reject) => autocannon({ url, connections: CONNECTIONS, duration, pipelining: 1 }, (err, result) => (err ? reject(err) : resolve(result))));
}
const summary = (r) => ({ rps: Math.round(r.requests.average), p99ms: r.latency.p99, errors: r.errors + r.timeouts + (r.non2xx ?? 0) });

const service = await startService();
let nginx;
try {
  const bytes = Buffer.from(await (await fetch(service.url + PATH)).arrayBuffer());
  nginx = await startStaticNginx(bytes, PATH);
  await run(service.url + PATH, 3); // warm up both
  await run(nginx.url + PATH, 3);
  const before = await service.metrics();
  const cached = summary(await run(service.url + PATH));
  const after = await service.metrics();
  const baseline = summary(await run(nginx.url + PATH));
  console.log(`page bytes: ${bytes.length}`);
  console.log(`nginx static:        ${baseline.rps} req/s, p99 ${baseline.p99ms} ms, errors ${baseline.errors}`);
  console.log(`service (cached):    ${cached.rps} req/s, p99 ${cached.p99ms} ms, errors ${cached.errors}, renders during run ${after.renders - before.renders}`);
  console.log(`ratio service/nginx: ${(cached.rps / baseline.rps).toFixed(3)}`);
  await service.stop();

  const uncachedService = await startService({ env: { CACHE_TTL_MS: "0" } });
  const uncached = summary(await run(uncachedService.url + PATH, Math.min(DURATION, 10)));
  console.log(`service (uncached):  ${uncached.rps} req/s, p99 ${uncached.p99ms} ms, errors ${uncached.errors}`);
  await uncachedService.stop();
  console.log(JSON.stringify({ baseline, cached, uncached, ratio: cached.rps / baseline.rps }));
} finally {
  await nginx?.stop();
  await service.stop().catch(() => {});
}
