// Database down: with PostgreSQL stopped during load, public pages keep answering 200
// with their last content, forms answer 503 with Retry-After and keep what was typed,
// /readyz answers 503, and everything recovers when the database returns.
import autocannon from "autocannon";
import postgres from "pg";
import { startPrivatePostgres } from "./lib/private-postgres.mjs";
import { startService } from "./lib/service.mjs";

const PUBLIC_PAGES = [
  "/",
  "/news/power-interruptions",
  "/news/advisories",
  "/rates",
  "/bids",
  "/careers",
  "/about/company-profile",
  "/api/v1/power-interruption/incoming",
  "/api/v1/announcements/advisory",
];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const pg = await startPrivatePostgres();
const service = await startService({ env: { DATABASE_URL: pg.url, CACHE_TTL_MS: "2000" } });
const report = {};
try {
  const before = {};
  for (const p of PUBLIC_PAGES) before[p] = await (await fetch(service.url + p)).text();
  // The survey takes only the roll's members, their account number and name as on the bill: one of the demo roll's.
  const client = new postgres.Client({ connectionString: pg.url });
  await client.connect();
  const {
    rows: [member],
  } = await client.query("select account_number, name from agam_accounts order by account_number offset 50 limit 1");
  await client.end();

  // Load on the public pages while the database goes away.
  const load = new Promise((resolve, reject) =>
    autocannon(
      { url: service.url, connections: 20, duration: SECONDS, requests: PUBLIC_PAGES.map((path) => ({ method: "GET", path })) },
      (e, r) => (e ? reject(e) : resolve(r)),
    ),
  );
  await new Promise((r) => setTimeout(r, 2000));
  pg.stop();
  console.log("PostgreSQL stopped");
  await new Promise((r) => setTimeout(r, 2500)); // past the cache's 2 s time to live

  const during = {};
  for (const p of PUBLIC_PAGES) {
    const res = await fetch(service.url + p);
    const body = await res.text();
    // The last good copy, as stored: the same document as before.
    during[p] = { status: res.status, xCache: res.headers.get("x-cache"), sameContent: body === before[p] };
  }
  report.publicPagesWhileDown = during;
  const ready = await fetch(service.url + "/readyz");
  report.readyzWhileDown = ready.status;

  // A survey typed by a member while the database is down.
  const form = new URLSearchParams({
    acceptPrivacyNotice: "on",
    name: member.name,
    respondentName: "Juan Dela Cruz",
    city: "BANI",
    accountNumber: member.account_number,
    email: "juan@example.ph",
    contactNumber: "09171234567",
    reconnectionTime: "4",
    suggestions: "Typed while the database was down",
  });
  const survey = await fetch(service.url + "/customer-satisfaction-survey", {
    method: "POST",
    body: form,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  const surveyHtml = await survey.text();
  report.surveyWhileDown = {
    status: survey.status,
    retryAfter: survey.headers.get("retry-after"),
    keptTyping: surveyHtml.includes("Typed while the database was down") && surveyHtml.includes("Juan Dela Cruz"),
    message: surveyHtml.includes("May nangyaring error sa pagsusumite ng survey. Pakisubukan muli."),
  };
  const api = await fetch(service.url + "/api/v1/customer-satisfaction-survey", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      acceptPrivacyNotice: true,
      name: "A",
      respondentName: "B",
      city: "BANI",
      accountNumber: "03-1234-5679",
      email: "a@example.ph",
      contactNumber: "09171234567",
    }),
  });
  report.surveyApiWhileDown = { status: api.status, retryAfter: api.headers.get("retry-after") };

  const loadResult = await load;
  // Which addresses answered 5xx under load (there should be none).
  for (const p of PUBLIC_PAGES) {
    const r = await fetch(service.url + p);
    if (r.status >= 500) console.log(`5xx after load: ${p} ${r.status}`);
  }
  report.loadWhileDown = {
    requests: loadResult.requests.total,
    non2xx: loadResult.non2xx,
    errors: loadResult.errors + loadResult.timeouts,
    statusCodes: loadResult.statusCodeStats,
  };

  pg.start();
  console.log("PostgreSQL started again");
  let recovered = false;
  for (let i = 0; i < 60 && !recovered; i++) {
    recovered = (await fetch(service.url + "/readyz")).status === 200;
    if (!recovered) await new Promise((r) => setTimeout(r, 500));
  }
  report.readyzAfter = recovered ? 200 : 503;
  const again = await fetch(service.url + "/customer-satisfaction-survey", {
    method: "POST",
    body: form,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  report.surveyAfter = { status: again.status, success: (await again.text()).includes("Salamat sa inyong pagsagot sa survey!") };
  console.log(JSON.stringify(report, null, 2));
  const pagesOk = Object.values(during).every((d) => d.status === 200);
  const ok =
    pagesOk &&
    report.readyzWhileDown === 503 &&
    report.surveyWhileDown.status === 503 &&
    report.surveyWhileDown.keptTyping &&
    report.surveyWhileDown.retryAfter &&
    report.readyzAfter === 200 &&
    report.surveyAfter.success &&
    !Object.keys(report.loadWhileDown.statusCodes).some((c) => Number(c) >= 500);
  console.log(ok ? "PASS: no 5xx on public pages, forms 503 with Retry-After and kept typing, recovered" : "FAIL");
  if (!ok) process.exitCode = 1;
} finally {
  await service.stop();
  pg.destroy();
}
