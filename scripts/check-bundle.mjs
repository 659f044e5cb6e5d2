// The build's weight table, and the build fails above the budgets or when server code
// reaches the browser:
// - a content page (no route declares `handle.hydrate`) loads only the plain enhancement
//   module: at most 15 KiB gzip of JavaScript;
// - an interactive page loads the entry, the root and its route modules with their imports,
//   plus the enhancement module: at most 80 KiB gzip;
// - what those modules import dynamically (the captcha widget, loaded when the visitor starts on
//   its form) is not part of the first load: it shows apart, in the "on use" column. A chunk
//   imported unconditionally after hydration belongs in the first load: import it statically
//   (tests/e2e/bundle-first-use.spec.ts checks that the captcha waits for its form's first use);
// - no browser chunk may contain server code (Drizzle, pg, PGlite, node: modules).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

const BUDGET_CONTENT_KIB = 15;
/** Interactive pages hydrate with Preact in the browser (vite.config.ts), not React. */
const BUDGET_INTERACTIVE_KIB = 80;
/** Signs of server code in a browser chunk (they survive minification: symbols, specifiers, messages). */
const SERVER_CODE = [/drizzle:/, /\bpgTable\b/, /["'`]node:[a-z]/, /pg-protocol/, /@electric-sql\/pglite/, /\bPGlite\b/, /pg-pool/];

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const clientDir = path.join(buildDir, "client");
const assetsDir = path.join(clientDir, "assets");
const newest = (re) =>
  fs
    .readdirSync(assetsDir)
    .filter((f) => re.test(f))
    .sort((a, b) => fs.statSync(path.join(assetsDir, b)).mtimeMs - fs.statSync(path.join(assetsDir, a)).mtimeMs)[0];
// The newest manifest: a reused build folder may still hold older ones.
const manifestFile = newest(/^manifest-[\w-]+\.js$/);
if (!manifestFile) throw new Error(`No React Router manifest in ${assetsDir}: build first.`);
const source = fs.readFileSync(path.join(assetsDir, manifestFile), "utf8");
const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1));
const enhanceFile = newest(/^enhance-[\w-]+\.js$/);
if (!enhanceFile) throw new Error("No enhancement module (app/enhance/enhance.js) in the build.");
const enhance = `/assets/${enhanceFile}`;

// Which routes load React: their modules' `handle.hydrate`, read from the server build.
const serverBuild = await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href);
const hydrates = (id) => serverBuild.routes[id]?.module?.handle?.hydrate === true;
const chain = (id) => (id ? [id, ...chain(manifest.routes[id]?.parentId)] : []);

const gzipSize = new Map();
const sizeOf = (url) => {
  if (!gzipSize.has(url)) gzipSize.set(url, zlib.gzipSync(fs.readFileSync(path.join(clientDir, url))).length);
  return gzipSize.get(url);
};
const kib = (n) => (n / 1024).toFixed(1).padStart(6);

/** The chunks a module imports statically, itself included, transitively (Vite's `import "./x.js"` / `from "./x.js"`). */
const staticImports = (url, seen = new Set()) => {
  if (seen.has(url)) return seen;
  seen.add(url);
  const text = fs.readFileSync(path.join(clientDir, url), "utf8");
  for (const [, file] of text.matchAll(/(?:\bfrom|\bimport)\s*["'`]\.\/([\w.-]+\.js)["'`]/g)) staticImports(`/assets/${file}`, seen);
  return seen;
};
/** The chunks that modules import dynamically (Vite's `import("./x.js")`, any quotes), with their own imports, less those already loaded. */
const dynamicImports = (urls) => {
  const lazy = new Set();
  for (const url of urls) {
    const text = fs.readFileSync(path.join(clientDir, url), "utf8");
    for (const [, file] of text.matchAll(/\bimport\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g)) staticImports(`/assets/${file}`, lazy);
  }
  return [...lazy].filter((url) => !urls.has(url));
};

const entry = [manifest.entry.module, ...manifest.entry.imports];
const rows = [];
for (const route of Object.values(manifest.routes)) {
  if (route.id === "root" || !route.hasDefaultExport) continue; // resource routes load no JavaScript
  // The staff console always loads React (root.tsx) and is no public page: not weighed here.
  if (chain(route.id).some((id) => /^\/?staff(\/|$)/.test(manifest.routes[id]?.path ?? ""))) continue;
  const routes = chain(route.id).map((id) => manifest.routes[id]);
  const interactive = chain(route.id).some(hydrates);
  const js = new Set([enhance, ...(interactive ? [...entry, ...routes.flatMap((r) => [r.module, ...(r.imports ?? [])])] : [])]);
  const css = new Set(routes.flatMap((r) => r.css ?? []));
  const jsBytes = [...js].reduce((sum, f) => sum + sizeOf(f), 0);
  const cssBytes = [...css].reduce((sum, f) => sum + sizeOf(f), 0);
  const onUseBytes = dynamicImports(js).reduce((sum, f) => sum + sizeOf(f), 0);
  const budget = interactive ? BUDGET_INTERACTIVE_KIB : BUDGET_CONTENT_KIB;
  rows.push({ path: "/" + (route.path ?? (route.index ? "" : route.id)), jsBytes, cssBytes, onUseBytes, interactive, budget });
}
rows.sort((a, b) => b.jsBytes - a.jsBytes);
console.log(
  `First-load weight per route (gzip, KiB); budgets: content ${BUDGET_CONTENT_KIB} KiB, interactive ${BUDGET_INTERACTIVE_KIB} KiB of JavaScript.\n` +
    `"On use": JavaScript loaded later, on first use (the captcha widget, when the visitor starts on its form), not in the budget.`,
);
console.log(`${"JS".padStart(6)} ${"CSS".padStart(6)} ${"On use".padStart(6)}  kind         route`);
for (const r of rows)
  console.log(
    `${kib(r.jsBytes)} ${kib(r.cssBytes)} ${r.onUseBytes ? kib(r.onUseBytes) : "".padStart(6)}  ${(r.interactive ? "interactive" : "content").padEnd(11)}  ${r.path}`,
  );
const failures = rows.filter((r) => r.jsBytes > r.budget * 1024).map((r) => `${r.path} (${kib(r.jsBytes).trim()} KiB > ${r.budget} KiB)`);

const serverCode = [];
for (const file of fs.readdirSync(assetsDir).filter((f) => f.endsWith(".js"))) {
  const text = fs.readFileSync(path.join(assetsDir, file), "utf8");
  const hit = SERVER_CODE.find((re) => re.test(text));
  if (hit) serverCode.push(`${file} (${hit})`);
}
console.log(serverCode.length ? `Server code in browser chunks: ${serverCode.join(", ")}` : "No server code in any browser chunk.");
if (failures.length) console.error(`Over the JavaScript budget: ${failures.join(", ")}`);
if (failures.length || serverCode.length) process.exit(1);
