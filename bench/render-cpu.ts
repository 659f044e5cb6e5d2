// CPU time per uncached render of one page, measured in-process (process.cpuUsage), so a
// busy machine changes the wall time but not this figure. Usage:
//   NODE_ENV=production npx tsx bench/render-cpu.ts [/news/power-interruptions] [renders=200]
// CPU_PROFILE=file.cpuprofile profiles the measured renders only (not start-up), to open in
// Chrome's DevTools or summarise with `node bench/profile-top.mjs file.cpuprofile`.
import fs from "node:fs";
import { Session } from "node:inspector/promises";
import { metrics } from "../server/metrics";
import { startInProcess } from "./lib/in-process";

const page = process.argv[2] ?? "/news/power-interruptions";
const renders = Number(process.argv[3] ?? 200);
const { app, stop } = await startInProcess("render");
for (let i = 0; i < 20; i++) await app.inject({ url: `${page}?warm=${i}`, headers: { "accept-encoding": "br, gzip" } });
const profileFile = process.env.CPU_PROFILE;
const session = profileFile ? new Session() : undefined;
if (session) {
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
}
const queries = metrics.dbQueries;
const cpu = process.cpuUsage();
const start = performance.now();
for (let i = 0; i < renders; i++) {
  const res = await app.inject({ url: `${page}?u=${i}`, headers: { "accept-encoding": "br, gzip" } });
  if (res.statusCode !== 200) throw new Error(`${page} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
}
const used = process.cpuUsage(cpu);
const wall = performance.now() - start;
if (session && profileFile) {
  const { profile } = await session.post("Profiler.stop");
  fs.writeFileSync(profileFile, JSON.stringify(profile));
  session.disconnect();
}
console.log(
  JSON.stringify({
    page,
    renders,
    cpuMsPerRender: +((used.user + used.system) / 1000 / renders).toFixed(2),
    wallMsPerRender: +(wall / renders).toFixed(2),
    queriesPerRender: (metrics.dbQueries - queries) / renders,
  }),
);
await stop();
