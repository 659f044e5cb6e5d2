// Prints each route's first-load JavaScript and CSS (gzip) and fails above the budget.
// First load = the entry, the root route and the page's own route module, with their imports.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const BUDGET_JS_KIB = 130;
const root = path.resolve(import.meta.dirname, "..");
const clientDir = path.join(path.resolve(root, process.env.BUILD_DIR ?? "build"), "client");
const assetsDir = path.join(clientDir, "assets");
// The newest manifest: a reused build folder may still hold older ones.
const manifestFile = fs
  .readdirSync(assetsDir)
  .filter((f) => /^manifest-[\w-]+\.js$/.test(f))
  .sort((a, b) => fs.statSync(path.join(assetsDir, b)).mtimeMs - fs.statSync(path.join(assetsDir, a)).mtimeMs)[0];
if (!manifestFile) throw new Error(`No React Router manifest in ${assetsDir}: build first.`);
const source = fs.readFileSync(path.join(assetsDir, manifestFile), "utf8");
const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1));

const gzipSize = new Map();
const sizeOf = (url) => {
  if (!gzipSize.has(url)) gzipSize.set(url, zlib.gzipSync(fs.readFileSync(path.join(clientDir, url))).length);
  return gzipSize.get(url);
};
const kib = (n) => (n / 1024).toFixed(1).padStart(6);

const entry = [manifest.entry.module, ...manifest.entry.imports];
const rootRoute = manifest.routes.root;
const rows = [];
for (const route of Object.values(manifest.routes)) {
  if (route.id === "root" || !route.hasDefaultExport) continue; // resource routes load no JavaScript
  const js = new Set([...entry, rootRoute.module, ...(rootRoute.imports ?? []), route.module, ...(route.imports ?? [])]);
  const css = new Set([...(rootRoute.css ?? []), ...(route.css ?? [])]);
  const jsBytes = [...js].reduce((sum, f) => sum + sizeOf(f), 0);
  const cssBytes = [...css].reduce((sum, f) => sum + sizeOf(f), 0);
  rows.push({ path: "/" + (route.path ?? (route.index ? "" : route.id)), jsBytes, cssBytes });
}
rows.sort((a, b) => b.jsBytes - a.jsBytes);
console.log(`First-load weight per route (gzip, KiB); budget ${BUDGET_JS_KIB} KiB of JavaScript`);
console.log(`${"JS".padStart(6)} ${"CSS".padStart(6)}  route`);
for (const r of rows) console.log(`${kib(r.jsBytes)} ${kib(r.cssBytes)}  ${r.path}`);
const over = rows.filter((r) => r.jsBytes > BUDGET_JS_KIB * 1024);
if (over.length) {
  console.error(`Over the JavaScript budget of ${BUDGET_JS_KIB} KiB: ${over.map((r) => r.path).join(", ")}`);
  process.exit(1);
}
