// The service's own code (server/, modules/, db/ and what they import of ours) as two
// JavaScript bundles, the web service and the background worker, packages left as imports.
// A process started from them neither transpiles TypeScript nor resolves hundreds of files of
// ours at start-up, as `tsx server/index.ts` did: most of a worker's start-up time
// (docs/decisions/0052-kept-answers-before-fastify-and-start-up.md).
//
// build/service/index.mjs and worker.mjs, the files to run, first turn on Node's compile cache
// (the packages' compiled code kept on disk, in the system's temporary folder), then import
// their bundle: ES imports are loaded before any code of the importing file runs, so the
// cache must be on before the bundle's imports are read.
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const outdir = path.join(path.resolve(root, process.env.BUILD_DIR ?? "build"), "service");

await build({
  absWorkingDir: root,
  entryPoints: { "site-bundle": "server/index.ts", "worker-bundle": "server/worker.ts" },
  outdir,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: "linked",
  logLevel: "warning",
});

const starter = (bundle) => `// Written by scripts/build-service.mjs.
import module from "node:module";
module.enableCompileCache?.();
await import("./${bundle}");
`;
fs.writeFileSync(path.join(outdir, "index.mjs"), starter("site-bundle.mjs"));
fs.writeFileSync(path.join(outdir, "worker.mjs"), starter("worker-bundle.mjs"));
