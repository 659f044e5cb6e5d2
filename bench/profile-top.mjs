// Summarises a .cpuprofile: the functions and the packages where the samples fall (self
// time), and the heaviest call paths' functions by total time. Usage:
//   node bench/profile-top.mjs file.cpuprofile [rows=25] [lastSeconds]
// lastSeconds: only the samples of the profile's last seconds (a server profiled with
// `node --cpu-prof` under load: leaves start-up and shut-down out).
import fs from "node:fs";

const [file, rowsArg, lastArg] = process.argv.slice(2);
const rows = Number(rowsArg ?? 25);
const profile = JSON.parse(fs.readFileSync(file, "utf8"));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const selfUs = new Map();
const from = lastArg ? profile.endTime - Number(lastArg) * 1e6 : -Infinity;
let at = profile.startTime;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  if (at >= from) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

const where = (n) => {
  const url = n.callFrame.url || "";
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (!url) return `(${n.callFrame.functionName || "native"})`;
  return url.replace(/^file:\/\//, "").replace(/^.*\/(app|core|db|server|build)\//, "$1/");
};
const label = (n) => `${n.callFrame.functionName || "(anonymous)"} ${where(n)}:${n.callFrame.lineNumber + 1}`;

const add = (map, k, v) => map.set(k, (map.get(k) ?? 0) + v);
const selfFn = new Map();
const selfPkg = new Map();
const inclusive = new Map();
for (const [id, us] of selfUs) {
  const n = byId.get(id);
  add(selfFn, label(n), us);
  add(selfPkg, where(n), us);
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const l = label(byId.get(cur));
    if (seen.has(l)) continue;
    seen.add(l);
    add(inclusive, l, us);
  }
}
const show = (title, map) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows))
    console.log(`${((us / total) * 100).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`);
};
console.log(`total ${(total / 1000).toFixed(0)} ms sampled`);
show("Self time by package / file", selfPkg);
show("Self time by function", selfFn);
show("Total time by function", inclusive);
