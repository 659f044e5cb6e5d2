// Builds what is missing or older than its sources: the pages (React Router's build) and the
// service's bundle (scripts/build-service.mjs), each from the folders it is made of.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");

function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(full));
    else latest = Math.max(latest, fs.statSync(full).mtimeMs);
  }
  return latest;
}

/** Whether `marker` is missing or older than any file of `folders` or `files`. */
function stale(marker, folders, files) {
  const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
  const changed = Math.max(
    ...folders
      .map((d) => path.join(root, d))
      .filter((d) => fs.existsSync(d))
      .map(newest),
    ...files.map((f) => fs.statSync(path.join(root, f)).mtimeMs),
  );
  return changed > built;
}

// Route modules import the domain modules, the database schema and the demo content's texts.
if (
  stale(
    path.join(buildDir, "server", "index.js"),
    ["app", "modules", "db", "seed", "public"],
    ["vite.config.ts", "react-router.config.ts", "package-lock.json"],
  )
) {
  console.log("Building the pages…");
  execSync("npx react-router build", { cwd: root, stdio: "inherit" });
}
if (
  stale(
    path.join(buildDir, "service", "index.mjs"),
    ["server", "modules", "db", "seed"],
    ["scripts/build-service.mjs", "package-lock.json"],
  )
) {
  console.log("Building the service…");
  execSync("node scripts/build-service.mjs", { cwd: root, stdio: "inherit" });
}
