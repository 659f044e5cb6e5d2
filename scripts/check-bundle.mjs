// The build's weight table, and the build fails above the budgets or when server code
// reaches the browser:
// - every public page (all but the staff console) is at most 30 KiB gzip of JavaScript on first
//   load: a content page loads only the plain enhancement module (at most 15 KiB), a form page
//   (route `handle.forms`) the form enhancements too (app/enhance/forms.js); a public page that
//   declared `handle.hydrate` would load the entry, the root and its route modules with their
//   imports, and be held to the same 30 KiB;
// - the captcha widget (ALTCHA's own module, loaded by forms.js when the visitor starts on its
//   form) is not part of the first load: its size is printed apart
//   (tests/e2e/bundle-first-use.spec.ts checks that it waits for its form's first use);
// - no browser chunk may contain server code (Drizzle, pg, PGlite, node: modules).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

const BUDGET_CONTENT_KIB = 15;
/** Every public page, a form page or one that would hydrate. */
const BUDGET_PUBLIC_KIB = 30;
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
const formsFile = newest(/^forms-[\w-]+\.js$/);
if (!formsFile) throw new Error("No form enhancement module (app/enhance/forms.js) in the build.");
const forms = `/assets/${formsFile}`;
const captchaFile = newest(/^altcha\.min-[\w-]+\.js$/);

// Which routes load React: their modules' `handle.hydrate`, read from the server build.
const serverBuild = await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href);
const declares = (flag) => (id) => serverBuild.routes[id]?.module?.handle?.[flag] === true;
const hydrates = declares("hydrate");
const enhancesForms = declares("forms");
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

const entry = [manifest.entry.module, ...manifest.entry.imports];
const rows = [];
for (const route of Object.values(manifest.routes)) {
  if (route.id === "root" || !route.hasDefaultExport) continue; // resource routes load no JavaScript
  // The staff console always loads React (root.tsx) and is no public page: not weighed here.
  if (chain(route.id).some((id) => /^\/?staff(\/|$)/.test(manifest.routes[id]?.path ?? ""))) continue;
  const routes = chain(route.id).map((id) => manifest.routes[id]);
  const interactive = chain(route.id).some(hydrates);
  const withForms = chain(route.id).some(enhancesForms);
  const js = new Set([
    enhance,
    ...(withForms ? [forms] : []),
    ...(interactive ? [...entry, ...routes.flatMap((r) => [r.module, ...(r.imports ?? [])])].flatMap((u) => [...staticImports(u)]) : []),
  ]);
  const css = new Set(routes.flatMap((r) => r.css ?? []));
  const jsBytes = [...js].reduce((sum, f) => sum + sizeOf(f), 0);
  const cssBytes = [...css].reduce((sum, f) => sum + sizeOf(f), 0);
  const kind = interactive ? "interactive" : withForms ? "form" : "content";
  const budget = kind === "content" ? BUDGET_CONTENT_KIB : BUDGET_PUBLIC_KIB;
  rows.push({ path: "/" + (route.path ?? (route.index ? "" : route.id)), jsBytes, cssBytes, kind, budget });
}
rows.sort((a, b) => b.jsBytes - a.jsBytes);
console.log(
  `First-load weight per public route (gzip, KiB); budgets: every public page ${BUDGET_PUBLIC_KIB} KiB of JavaScript, content pages ${BUDGET_CONTENT_KIB} KiB.\n` +
    `On use, not in the budget: the captcha widget${captchaFile ? ` ${kib(sizeOf(`/assets/${captchaFile}`)).trim()} KiB` : ""}, loaded when the visitor starts on its form.`,
);
console.log(`${"JS".padStart(6)} ${"CSS".padStart(6)}  kind         route`);
for (const r of rows) console.log(`${kib(r.jsBytes)} ${kib(r.cssBytes)}  ${r.kind.padEnd(11)}  ${r.path}`);
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
