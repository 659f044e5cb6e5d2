/**
 * Bad bodies to every write route: each page action of the React Router build (in English
 * and under /fil/) and each Fastify write route (the API, the passkey ceremonies, Open311),
 * both taken from the running app's own tables, so a new route is covered without touching
 * this file. Each gets an empty body, a wrong Content-Type, a truncated multipart body, a
 * repeated field, a 1 MB field and invalid UTF-8.
 *
 * The rule: never a 5xx and never an error-level log line. A page answers a 4xx with an
 * HTML page, or a redirect (303/302) where that is the route's answer to a form without its
 * fields (signing out, a portal page that sends a signed-out member to sign in, a flow that
 * starts again). An API route answers a 4xx with the JSON error (Open311 in the format its path
 * asks for). A 2xx is never an answer to these bodies: none of them is a complete form (a field
 * sent twice is a mistake, modules/shared/forms.ts).
 */
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadServerBuild } from "../../server/start";
import { createTestApp, type TestApp } from "../support/app";
import { sessionCookieFor, signInAs } from "../support/staff";

interface BodyKind {
  name: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const MB = "a".repeat(1024 * 1024);
const FIELDS = ["intent", "email", "account", "accountNumber", "code", "password", "name", "phone", "token"];

/** The bad bodies, as a form page would receive them or as the JSON API would. */
function bodyKinds(form: boolean): BodyKind[] {
  const typed = (type: string, payload: string | Buffer) => ({ headers: { "content-type": type }, payload });
  const urlencoded = "application/x-www-form-urlencoded";
  return [
    { name: "empty", headers: {} },
    { name: "wrong content-type", ...typed("text/plain", "email=a@example.ph") },
    {
      name: "truncated multipart",
      ...typed("multipart/form-data; boundary=----cut", '------cut\r\nContent-Disposition: form-data; name="email"\r\n\r\na@exa'),
    },
    {
      name: "repeated field",
      ...(form
        ? typed(urlencoded, FIELDS.flatMap((f) => [`${f}=1`, `${f}=2`]).join("&"))
        : typed("application/json", `{${FIELDS.flatMap((f) => [`"${f}":"1"`, `"${f}":"2"`]).join(",")}}`)),
    },
    {
      name: "1 MB field",
      ...(form ? typed(urlencoded, `email=${MB}`) : typed("application/json", JSON.stringify({ email: MB }))),
    },
    {
      name: "invalid UTF-8",
      ...(form
        ? typed(urlencoded, Buffer.concat([Buffer.from("email="), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from("&name=%FF%C3")]))
        : typed("application/json", Buffer.concat([Buffer.from('{"email":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]))),
    },
  ];
}

/** A value for a path parameter: enough to reach the action (which then finds nothing, or reads the body). */
const sample = (param: string) => (/id$/i.test(param) ? "1" : param === "kind" ? "news" : "x");
const fill = (path: string) => path.replace(/:(\w+)\??/g, (_m, p: string) => sample(p));

/** Every page path whose route has an action, in each language it is served in. */
async function pageActions(): Promise<string[]> {
  const build = await loadServerBuild();
  const routes = new Map(Object.values(build.routes).flatMap((r) => (r ? [[r.id, r] as const] : [])));
  const fullPath = (id: string | undefined): string => {
    const r = id ? routes.get(id) : undefined;
    if (!r) return "";
    const parent = fullPath(r.parentId);
    return r.path ? `${parent}/${r.path}` : parent;
  };
  const paths: string[] = [];
  for (const r of routes.values()) {
    if (!("action" in r.module) || typeof r.module.action !== "function") continue;
    const full = fullPath(r.id);
    if (full.includes("*")) continue; // the not-found pages
    const withIndex = (p: string) => (r.index ? `${p || "/"}?index` : p || "/");
    if (full.startsWith("/fil?")) {
      const rest = full.slice("/fil?".length);
      paths.push(withIndex(fill(rest)), withIndex(`/fil${fill(rest)}`));
    } else paths.push(withIndex(fill(full)));
  }
  return paths;
}

describe("bad bodies to every write route", () => {
  let t: TestApp;
  const lines: string[] = [];
  let sent = 0;
  const statuses = new Map<number, number>();
  const routes = { pages: 0, fastify: 0 };

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    t = await createTestApp({ withPages: true, env: { RATE_LIMIT: "off", LOG_LEVEL: "info" }, logger: { stream } });
  });
  afterAll(async () => {
    await t?.close();
    const by = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
    const total = routes.pages + routes.fastify;
    console.log(
      `bad bodies: ${total} routes (${routes.pages} page paths, English and /fil/; ${routes.fastify} Fastify write routes) × 6 body kinds = ${sent} requests (${by.join(", ")})`,
    );
  });

  async function send(method: string, url: string, kind: BodyKind, cookie?: string) {
    const res = await t.app.inject({
      method: method as "POST",
      url,
      headers: { ...kind.headers, ...(cookie ? { cookie } : {}) },
      ...(kind.payload !== undefined ? { payload: kind.payload } : {}),
    });
    sent++;
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    return res;
  }

  it("page actions answer a 4xx page or a redirect, in both languages", async () => {
    const paths = await pageActions();
    // The console's pages with a session (signed out, each is one redirect to the sign-in page).
    const admin = await signInAs(t, "admin");
    expect(paths).toContain("/mco/login");
    expect(paths).toContain("/fil/mco/login");
    routes.pages = paths.length;
    const failures: string[] = [];
    for (const path of paths) {
      // A fresh session per route: the console's sign-out ends the one it was sent.
      const cookie = path.startsWith("/staff") ? (await sessionCookieFor(t, admin.id)).cookie : undefined;
      for (const kind of bodyKinds(true)) {
        const res = await send("POST", path, kind, cookie);
        const ok =
          (res.statusCode >= 400 && res.statusCode < 500 && String(res.headers["content-type"]).startsWith("text/")) ||
          res.statusCode === 303 ||
          res.statusCode === 302;
        if (!ok) failures.push(`${path} (${kind.name}) -> ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it("API write routes answer a 4xx JSON error", async () => {
    const writes = t.app.routeTable.filter(
      (r) => ["POST", "PUT", "PATCH", "DELETE"].includes(r.method) && r.url !== "/*" && !r.url.includes("*"),
    );
    expect(writes.some((r) => r.url.startsWith("/api/v1/"))).toBe(true);
    routes.fastify = writes.length;
    const failures: string[] = [];
    for (const route of writes) {
      for (const kind of bodyKinds(false)) {
        const res = await send(route.method, fill(route.url), kind);
        // The API's error is JSON; Open311 answers in the format asked for, /storage as a page.
        const json = route.url.startsWith("/api/") || route.url.endsWith(".json");
        const ok =
          res.statusCode >= 400 && res.statusCode < 500 && (!json || String(res.headers["content-type"]).startsWith("application/json"));
        if (!ok) failures.push(`${route.method} ${route.url} (${kind.name}) -> ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it("no answer of 500 or more, and no error-level log line", () => {
    expect(sent).toBeGreaterThan(0);
    expect([...statuses.keys()].filter((s) => s >= 500)).toEqual([]);
    const errors = lines.filter((line) => Number(JSON.parse(line).level) >= 50);
    expect(errors).toEqual([]);
  });
});
