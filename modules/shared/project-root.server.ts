import fs from "node:fs";
import path from "node:path";

/**
 * The project's folder (package.json, db/migrations, build/), found from a module's own folder:
 * the same answer when the code runs from its sources (server/, modules/ops/) and from the
 * service's bundle (build/service/, scripts/build-service.mjs), whose files sit at another depth.
 */
export function projectRootFrom(dir: string): string {
  for (let at = dir; ; at = path.dirname(at)) {
    if (fs.existsSync(path.join(at, "package.json")) && fs.existsSync(path.join(at, "db", "migrations"))) return at;
    if (path.dirname(at) === at) return process.cwd();
  }
}
