/**
 * The import rules, checked by `npm test` (scripts/test.mjs, right after lint) with
 * dependency-cruiser: `npx depcruise app server modules db seed scripts tests bench`.
 *
 * The layers, from the top: scripts/, bench/ and tests/ (entry points and checks) may import
 * anything; server/ (the HTTP service) builds on app/ only through the React Router build it
 * loads at run time; app/ (the pages) takes from server/ only its types; both use modules/
 * (the domain, one folder per area) and db/ (the database) below them; seed/ (the demo
 * content) sits beside app/, on modules/ and db/. A test file (*.test.ts, *.spec.ts) may
 * import anything, wherever it lives.
 */

const TEST = "\\.(test|spec)\\.tsx?$";

/**
 * The files of an area that other areas may import (modules/<area>/<file>.ts); the rest of an
 * area is its own business. modules/shared/ is open to every area. Adding a file here is a
 * design decision: another area now depends on it.
 */
const AREA_PUBLIC = [
  "agam/(admin\\.server|rules)",
  "alerts/quiet-hours",
  "bills/(discounts|lines|money|proof-figures|status)",
  "content/(audit\\.server|context|publication\\.server|publication-form|revisions\\.server|translations)",
  "members/(mask|roll\\.server)",
  // The bill PDF prints where to pay as the pages show it.
  "payments/(posting\\.server|where-to-pay)",
  "places/(barangay-match|towns)",
  "portal/ebills\\.server",
  "privacy/private-links\\.server",
  "rates/(schedule|schedule\\.server)",
  "reports/model",
  "staff/audit\\.server",
];

/** Files that may end up in the browser: not `.server`, not a route module, not a test. */
const BROWSER = {
  path: "^(app|modules)/",
  // Route modules are left to React Router: it drops their loaders and actions (and what only
  // those import) from the browser build, and fails the build if a .server module stays.
  pathNot: ["\\.server\\.tsx?$", "/\\.server/", "^app/(routes/|root\\.tsx$|entry\\.server\\.tsx$|routes\\.ts$)", TEST],
};

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment:
        "No import loops, types included: in a loop the load order decides what is still undefined, and two modules that need each other are one module in two files.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "db-imports-nothing-of-ours",
      comment: "db/ is the bottom layer: the schema, the client and the migrations stand on their own.",
      severity: "error",
      from: { path: "^db/", pathNot: TEST },
      to: { path: "^(app|server|modules|seed|scripts|tests|bench)/" },
    },
    {
      name: "modules-import-downhill",
      comment: "The domain (modules/) knows only itself and db/: no pages, no HTTP service, no seed.",
      severity: "error",
      from: { path: "^modules/", pathNot: TEST },
      to: { path: "^(app|server|seed|scripts|tests|bench)/" },
    },
    {
      name: "seed-imports-downhill",
      comment: "The demo seed builds on modules/ and db/; whoever runs it (server/start.ts, scripts/seed.ts) hands it its settings.",
      severity: "error",
      from: { path: "^seed/", pathNot: TEST },
      to: { path: "^(app|server|scripts|tests|bench)/" },
    },
    {
      name: "app-takes-only-server-types",
      comment: "Pages get their services from the request context; of server/ they see only its types module (server/deps.ts).",
      severity: "error",
      from: { path: "^app/", pathNot: TEST },
      to: { path: "^(server|seed|scripts|tests|bench)/", pathNot: "^server/deps\\.ts$" },
    },
    {
      name: "server-not-app",
      comment:
        "The server loads the pages as a build at run time; its code never imports app/ (the request-context type is server/deps.ts).",
      severity: "error",
      from: { path: "^server/", pathNot: TEST },
      to: { path: "^(app|scripts|tests|bench)/" },
    },
    {
      name: "seed-only-from-start",
      comment: "Of the server, only start-up seeds (SEED_DEMO=on).",
      severity: "error",
      from: { path: "^server/", pathNot: ["^server/start\\.ts$", TEST] },
      to: { path: "^seed/" },
    },
    {
      name: "no-area-internals",
      comment:
        "An area imports another area only through that area's public files (AREA_PUBLIC in .dependency-cruiser.cjs), and modules/shared/.",
      severity: "error",
      from: { path: "^modules/([^/]+)/", pathNot: TEST },
      to: { path: "^modules/", pathNot: ["^modules/$1/", "^modules/shared/", `^modules/(${AREA_PUBLIC.join("|")})\\.ts$`] },
    },
    {
      name: "no-server-code-in-browser",
      comment:
        "A file that may reach the browser imports no server code but its types: no .server module, server/, Drizzle or a database driver (of db/ only the plain enum values and the error reader).",
      severity: "error",
      from: BROWSER,
      to: {
        dependencyTypesNot: ["type-only"],
        path: [
          "\\.server\\.tsx?$",
          "/\\.server/",
          "^server/",
          "^db/",
          "^node_modules/(drizzle-orm|pg|pg-boss|@electric-sql|sharp|better-auth)/",
        ],
        pathNot: "^db/(schema/enum-values|pg-error)\\.ts$",
      },
    },
    {
      name: "no-node-builtins-in-browser",
      comment: "Nor Node's own modules (node:crypto, node:fs …): the browser has none.",
      severity: "error",
      from: BROWSER,
      to: { dependencyTypes: ["core"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Type-only imports count: they make loops and cross layers too (the browser rule lets them through).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    exclude: { path: "^(build|node_modules|\\.react-router)/" },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
