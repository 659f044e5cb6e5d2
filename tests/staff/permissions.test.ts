/**
 * The permission matrix: every console route (gathered from the route table of the page build,
 * so routes other areas add are covered) × every role and no session, for the page (GET) and
 * its action (POST). Each route declares what it needs in `handle.staff` (app/routes/staff/nav.ts);
 * the server must answer:
 *   no session              → a redirect to /staff/sign-in (public pages: no 403);
 *   a role without the need → 403;
 *   a role with it          → neither 403 nor the sign-in page.
 * And the console's document titles: one <title>, in <head>, from the pages' `meta` exports
 * (app/routes/staff/title.ts), also on the console's 403 and 404 pages.
 */

import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ConsoleHandle } from "../../app/routes/staff/nav";
import { COOPERATIVE } from "../../modules/shared/constants";
import { can, type Permission, type Role, roles } from "../../modules/staff/permissions";
import { loadServerBuild } from "../../server/start";
import { createTestApp, type TestApp } from "../support/app";
import { sessionCookieFor, signInAs } from "../support/staff";

interface ConsoleRoute {
  id: string;
  path: string;
  page: ConsoleHandle["staff"] | undefined;
  action: ConsoleHandle["staff"] | undefined;
  hasLoader: boolean;
  hasAction: boolean;
}

async function consoleRoutes(): Promise<ConsoleRoute[]> {
  const build: ServerBuild = await loadServerBuild();
  const routes = build.routes;
  const fullPath = (id: string): string => {
    const r = routes[id]!;
    const own = r.path ?? "";
    const parent = r.parentId ? fullPath(r.parentId) : "";
    return [parent, own].filter(Boolean).join("/").replace(/\/+/g, "/");
  };
  const parents = new Set(Object.values(routes).map((r) => r?.parentId));
  const found: ConsoleRoute[] = [];
  for (const r of Object.values(routes)) {
    if (!r) continue;
    const path = `/${fullPath(r.id)}`.replace(/\/$/, "") || "/";
    if (!/^\/staff(\/|$)/.test(path)) continue;
    // A layout is exercised through its children (an index child stands for its own path).
    if (parents.has(r.id) && !r.index) continue;
    const module = r.module as { handle?: ConsoleHandle; loader?: unknown; action?: unknown };
    found.push({
      id: r.id,
      path: path.replace(/:[A-Za-z]+/g, "sample-param").replace(/\*$/, "no-such-page"),
      page: module.handle?.staff,
      action: module.handle?.staffAction ?? module.handle?.staff,
      hasLoader: typeof module.loader === "function",
      hasAction: typeof module.action === "function",
    });
  }
  return found.sort((a, b) => a.path.localeCompare(b.path));
}

const allowed = (need: ConsoleHandle["staff"], role: Role) => need === "public" || need === "signed-in" || can(role, need as Permission);

let t: TestApp;
let routes: ConsoleRoute[];
const cookies = new Map<Role, string>();
const userIds = new Map<Role, string>();

beforeAll(async () => {
  t = await createTestApp({ withPages: true });
  routes = await consoleRoutes();
  for (const role of roles) {
    const staff = await signInAs(t, role);
    cookies.set(role, staff.cookie);
    userIds.set(role, staff.id);
  }
});
afterAll(async () => t?.close());

describe("permission matrix", () => {
  test("every console route declares what it needs", () => {
    expect(routes.length).toBeGreaterThan(8);
    const undeclared = routes.filter((r) => !r.page).map((r) => `${r.id} (${r.path})`);
    expect(undeclared, "add `export const handle: ConsoleHandle = { staff: … }` to these route modules").toEqual([]);
  });

  test("every route × every role and no session, GET and POST", async () => {
    const cells: string[] = [];
    const wrong: string[] = [];
    for (const route of routes) {
      for (const method of ["GET", "POST"] as const) {
        if (method === "GET" && !route.hasLoader) continue;
        if (method === "POST" && !route.hasAction) continue;
        const need = method === "GET" ? route.page! : route.action!;
        for (const who of [null, ...roles] as const) {
          const response = await t.app.inject({
            method,
            url: route.path,
            headers: {
              ...(who ? { cookie: cookies.get(who)! } : {}),
              ...(method === "POST" ? { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:80" } : {}),
            },
            payload: method === "POST" ? "intent=matrix-probe" : undefined,
          });
          const location = String(response.headers.location ?? "");
          const toSignIn = response.statusCode >= 300 && response.statusCode < 400 && location.startsWith("/staff/sign-in");
          const outcome = response.statusCode === 403 ? "403" : toSignIn ? "sign-in" : "allowed";
          const expected = need === "public" ? "allowed-or-sign-in" : who === null ? "sign-in" : allowed(need, who) ? "allowed" : "403";
          const ok = expected === "allowed-or-sign-in" ? outcome !== "403" : outcome === expected;
          cells.push(`${method} ${route.path} ${who ?? "no session"}: ${outcome}`);
          if (!ok)
            wrong.push(`${method} ${route.path} as ${who ?? "no session"}: expected ${expected}, got ${response.statusCode} ${location}`);
          expect(response.statusCode, `${method} ${route.path} as ${who ?? "no session"}`).toBeLessThan(500);
          // A probe that ended the session (sign-out): the next cells get a new one.
          const setCookies = ([] as string[]).concat(response.headers["set-cookie"] ?? []);
          if (who && setCookies.some((c) => /session_token=;/.test(c)))
            cookies.set(who, (await sessionCookieFor(t, userIds.get(who)!)).cookie);
        }
      }
    }
    console.log(
      `permission matrix: ${routes.length} console routes × ${roles.length + 1} (${roles.length} roles and no session), ${cells.length} requests`,
    );
    expect(wrong).toEqual([]);
  });
});

/**
 * The document's <title> elements (an SVG's own <title>, a chart's caption, is not one): their
 * text, and whether each stands inside <head>.
 */
function titlesOf(html: string) {
  const page = html.replace(/<svg[\s>][\s\S]*?<\/svg>/g, (svg) => " ".repeat(svg.length));
  const [headStart, headEnd] = [page.search(/<head[\s>]/), page.indexOf("</head>")];
  return [...page.matchAll(/<title[^>]*>([^<]*)<\/title>/g)].map((m) => ({
    text: m[1],
    inHead: headStart >= 0 && m.index > headStart && m.index < headEnd,
  }));
}

describe("the console's document titles", () => {
  const suffix = ` | ${COOPERATIVE.shortName} staff`;
  const staffTitle = (page: string) => page + suffix;
  const get = (url: string, who: Role | null) => t.app.inject({ url, headers: who ? { cookie: cookies.get(who)! } : {} });

  test("one <title>, in <head>: sign-in, pages, a page titled from its data, 403 and 404", async () => {
    const cases: [url: string, who: Role | null, status: number, title: string][] = [
      ["/staff/sign-in", null, 200, "Sign in"],
      ["/staff", "admin", 200, "Overview"],
      ["/staff/users", "admin", 200, "Users"],
      [`/staff/users/${userIds.get("dispatcher")}`, "admin", 200, "Test dispatcher"],
      ["/staff/users", "dispatcher", 403, "Not allowed"],
      ["/staff/no-such-page", "admin", 404, "Page not found"],
    ];
    for (const [url, who, status, title] of cases) {
      const res = await get(url, who);
      expect(res.statusCode, `${url} as ${who ?? "no session"}`).toBe(status);
      expect(titlesOf(res.body), `${url} as ${who ?? "no session"}`).toEqual([{ text: staffTitle(title), inHead: true }]);
    }
  });

  test("every console page an administrator opens has one console <title>, in <head>", async () => {
    const wrong: string[] = [];
    let pages = 0;
    for (const route of routes.filter((r) => r.hasLoader)) {
      const res = await get(route.path, route.page === "public" ? null : "admin");
      if (!String(res.headers["content-type"]).startsWith("text/html")) continue;
      pages++;
      const titles = titlesOf(res.body);
      if (titles.length !== 1 || !titles[0]!.inHead || !titles[0]!.text.endsWith(suffix))
        wrong.push(`${route.path} (${res.statusCode}): ${JSON.stringify(titles)}`);
    }
    expect(pages).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });
});
