// Builds the pages when there is no build, or when a source file is newer than it.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const marker = path.join(path.resolve(root, process.env.BUILD_DIR ?? "build"), "server", "index.js");

function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(full));
    else latest = Math.max(latest, fs.statSync(full).mtimeMs);
  }
  return latest;
}

const sources = ["app", "core", "public"].map((d) => path.join(root, d)).filter((d) => fs.existsSync(d));
const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
const changed = Math.max(
  ...sources.map(newest),
  ...["vite.config.ts", "react-router.config.ts", "package-lock.json"].map((f) => fs.statSync(path.join(root, f)).mtimeMs),
);
if (changed > built) {
  console.log("Building the pages…");
  execSync("npx react-router build", { cwd: root, stdio: "inherit" });
}
