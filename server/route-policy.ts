/**
 * The one table of route policies. For every path (and method) it says:
 * - `personal`: the answer carries a member's personal data: `Cache-Control: no-store`,
 *   never kept by the server cache, and its path is logged only up to its first parameter;
 * - `cache`: whether the server cache may keep a GET answer (default: yes, unless personal);
 * - `bucket`: the per-address rate limit the request counts against.
 * Read by the request log (server/app.ts), protection (server/protection.ts), the server
 * cache (server/page-cache.ts, server/react-router.ts) and the OpenAPI document (429s).
 *
 * Fastify routes (the API, health) declare their policy on the route itself:
 *   api.get("/agam/pool/check-account-number/:account", { config: { policy: { personal: true, bucket: "lookup" } }, ... })
 * and one onRoute hook (`registerRoutePolicies`) gathers them. Pages, served by React
 * Router behind one catch-all route, are listed in PAGE_POLICIES below.
 *
 * Lookups go by the normalized path (see normalizePath), so `/CSS`, `/css/`, `/%63ss`,
 * `/x/../css` and React Router's `/css.data` all get the policy of `/css`.
 */
import type { FastifyInstance, RouteOptions } from "fastify";
import { stripLocale } from "../modules/shared/i18n";

export type Bucket =
  | "lookup"
  | "survey"
  | "registration"
  | "verification"
  | "page-lookup"
  | "page-survey"
  | "page-registration"
  | "page-connection"
  | "page-report"
  | "open311"
  | "private-link"
  | "challenge";

export interface RoutePolicy {
  personal?: boolean;
  cache?: boolean;
  bucket?: Bucket;
}

/** A policy with every question answered. */
export interface ResolvedPolicy {
  personal: boolean;
  cache: boolean;
  bucket: Bucket | undefined;
}

type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

export interface PolicyRule {
  /** A route path: `:name` is one segment, `*` the rest. Matched case-insensitively. */
  path: string;
  /** Methods it applies to; every method when absent. GET includes HEAD. */
  methods?: readonly Method[];
  policy: RoutePolicy;
}

/** The pages' policies (React Router routes, app/routes.ts). */
/**
 * Every method that can reach a page's action (React Router runs the action for any method
 * but GET and HEAD): a limit on POST alone is walked around with PUT, PATCH or DELETE.
 */
const WRITES = ["POST", "PUT", "PATCH", "DELETE"] as const;

export const PAGE_POLICIES: readonly PolicyRule[] = [
  // The registration flow shows a member's masked name once the account is found.
  { path: "/agam-registration", methods: ["GET"], policy: { cache: false } },
  { path: "/agam-registration", methods: WRITES, policy: { personal: true, bucket: "page-registration" } },
  { path: "/agam-registration-confirmation/:origin/:account", methods: ["GET"], policy: { personal: true } },
  { path: "/agam-registration-confirmation/:origin/:account", methods: WRITES, policy: { personal: true, bucket: "page-registration" } },
  // Private links (a random token in the path): hopeless to guess, and limited all the same.
  { path: "/agam-registration/confirmation/:token", policy: { personal: true, bucket: "private-link" } },
  // Live counts.
  { path: "/agam-status", policy: { cache: false } },
  { path: "/service/bill-inquiry", methods: ["GET"], policy: { cache: false } },
  { path: "/service/bill-inquiry", methods: WRITES, policy: { personal: true, bucket: "page-lookup" } },
  // A fresh captcha challenge per request: each costs the server a signature.
  { path: "/service/bill-inquiry/challenge", policy: { cache: false, bucket: "challenge" } },
  { path: "/service/new-service-connection", methods: WRITES, policy: { personal: true, bucket: "page-connection" } },
  { path: "/service/new-service-connection/:token", policy: { personal: true, bucket: "private-link" } },
  { path: "/customer-satisfaction-survey", methods: WRITES, policy: { personal: true, bucket: "page-survey" } },
  { path: "/css", methods: WRITES, policy: { personal: true, bucket: "page-survey" } },
  // Interruption alerts: subscribing sends an e-mail or SMS; the token pages are one subscriber's.
  { path: "/alerts", methods: WRITES, policy: { personal: true, bucket: "page-registration" } },
  { path: "/alerts/confirm/:token", policy: { personal: true } },
  { path: "/alerts/manage/:token", methods: ["GET"], policy: { personal: true } },
  { path: "/alerts/manage/:token", methods: WRITES, policy: { personal: true, bucket: "page-registration" } },
  { path: "/alerts/manage/:token/stop", policy: { personal: true } },
  // The member portal: every page is one member's (private, no-store; never kept by the server cache).
  { path: "/mco/login", methods: WRITES, policy: { personal: true, bucket: "page-registration" } },
  { path: "/mco/register", methods: WRITES, policy: { personal: true, bucket: "page-registration" } },
  { path: "/mco", policy: { personal: true } },
  // An online payment's acknowledgement: its unguessable reference is the key.
  { path: "/pay/:reference", policy: { personal: true, bucket: "private-link" } },
  // A guest's payment from the bill inquiry: it carries their contact and opens a checkout.
  { path: "/pay", methods: ["GET"], policy: { personal: true } },
  { path: "/pay", methods: WRITES, policy: { personal: true, bucket: "page-lookup" } },
  // The staff console (merged from the console branch): never cached, never stored.
  { path: "/staff", policy: { personal: true } },
  // Outage reports: each form render carries a one-time question; the post carries a mobile number.
  { path: "/report", methods: ["GET"], policy: { cache: false } },
  { path: "/report", methods: WRITES, policy: { personal: true, bucket: "page-report" } },
  // The reporter's status page: its unguessable address is the key.
  { path: "/report/status/:token", policy: { personal: true } },
];

export function resolvePolicy(policy: RoutePolicy | undefined): ResolvedPolicy {
  const personal = policy?.personal ?? false;
  return { personal, cache: !personal && (policy?.cache ?? true), bucket: policy?.bucket };
}

const NO_POLICY: ResolvedPolicy = resolvePolicy(undefined);

/**
 * The path as a router would see it: no query or fragment, percent-decoded (repeatedly),
 * backslashes as slashes (the URL parser does that), `.` and `..` segments resolved,
 * duplicate and trailing slashes removed, lower-case (React Router matches
 * case-insensitively), and React Router's data suffix dropped (`/css.data` → `/css`,
 * `/_root.data` → `/`), since that is what its client posts forms to.
 */
export function normalizePath(url: string): string {
  let p = url.split("?")[0]!.split("#")[0]!;
  for (let i = 0; i < 3; i++) {
    try {
      const d = decodeURIComponent(p);
      if (d === p) break;
      p = d;
    } catch {
      break;
    }
  }
  const segments: string[] = [];
  for (const segment of p.toLowerCase().replace(/\\/g, "/").split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  const last = segments.length - 1;
  if (last >= 0 && segments[last]!.endsWith(".data")) {
    segments[last] = segments[last]!.slice(0, -".data".length);
    if (segments[last] === "_root" && last === 0) segments.pop();
    else if (segments[last] === "") segments.pop();
  }
  return `/${segments.join("/")}`;
}

interface CompiledRule {
  methods: Set<string> | undefined;
  regex: RegExp;
  /** The path up to its first parameter: what is logged of a personal path. */
  prefix: string;
  policy: ResolvedPolicy;
}

function compile(rule: PolicyRule): CompiledRule {
  const path = rule.path.toLowerCase().replace(/\/+$/, "") || "/";
  const firstParam = path.search(/\/[:*]/);
  const prefix = firstParam === -1 ? path : path.slice(0, firstParam);
  const policy = resolvePolicy(rule.policy);
  const source = path
    .split("/")
    .map((s) => (s === "*" ? ".*" : s.startsWith(":") ? "[^/]+" : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  // A personal path covers everything below it too: over-matching only adds no-store and redaction.
  const regex = new RegExp(policy.personal ? `^${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(/.*)?$` : `^${source}$`);
  const methods = rule.methods ? new Set(rule.methods.flatMap((m) => (m === "GET" ? ["GET", "HEAD"] : [m]))) : undefined;
  return { methods, regex, prefix, policy };
}

export class RoutePolicies {
  private rules: CompiledRule[] = [];
  private declared: PolicyRule[] = [];

  constructor(rules: readonly PolicyRule[] = PAGE_POLICIES) {
    for (const rule of rules) this.add(rule);
  }

  add(rule: PolicyRule): void {
    this.declared.push(rule);
    this.rules.push(compile(rule));
  }

  /** Every rule, as declared (pages first, then routes in registration order). */
  list(): readonly PolicyRule[] {
    return this.declared;
  }

  private match(method: string, url: string): CompiledRule | undefined {
    // A page under /fil/ (Filipino) has the policy of the same page in English.
    const path = stripLocale(normalizePath(url));
    const m = method.toUpperCase();
    return this.rules.find((r) => (!r.methods || r.methods.has(m)) && r.regex.test(path));
  }

  /** The policy of a request, by method and URL (any form: encoded, dotted, `.data`). */
  lookup(method: string, url: string): ResolvedPolicy {
    return this.match(method, url)?.policy ?? NO_POLICY;
  }

  /** What the request log shows of a URL: never the query, and a personal path only up to its first parameter. */
  logPath(method: string, url: string): string {
    const rule = this.match(method, url);
    if (!rule?.policy.personal) return url.split("?")[0]!;
    return rule.prefix === normalizePath(url) ? rule.prefix : `${rule.prefix}/[redacted]`;
  }
}

/** The policy a Fastify route declared (`config.policy`). */
export function routePolicy(route: Pick<RouteOptions, "config">): ResolvedPolicy {
  return resolvePolicy(route.config?.policy);
}

/**
 * Gathers the policy every Fastify route declares in `config.policy` into `policies`.
 * Call before any route is registered.
 */
export function registerRoutePolicies(app: FastifyInstance, policies: RoutePolicies): void {
  app.decorate("routePolicies", policies);
  const table: { method: string; url: string }[] = [];
  app.decorate("routeTable", table);
  app.addHook("onRoute", (route) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method])
      table.push({ method: String(method).toUpperCase(), url: route.url });
    const policy = route.config?.policy;
    if (!policy) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => String(m).toUpperCase()) as Method[];
    // Fastify adds a HEAD route beside each GET; the GET rule covers it.
    if (methods.length === 1 && methods[0] === "HEAD") return;
    policies.add({ path: route.url, methods, policy });
  });
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** This route's entry in the route-policy table (server/route-policy.ts). */
    policy?: RoutePolicy;
  }
  interface FastifyInstance {
    routePolicies: RoutePolicies;
    /** Every Fastify route by method and path: what the bad-body test sends to (tests/server/bad-bodies.test.ts). */
    routeTable: readonly { method: string; url: string }[];
  }
}
