/**
 * The API document passes @redocly/cli's recommended rules (redocly.yaml): a tool this
 * project did not write reads what clients read at /api/v1/openapi.json.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/app";

const root = path.resolve(import.meta.dirname, "..", "..");

describe("the OpenAPI document", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it("lints with 0 errors and 0 warnings", async () => {
    const res = await t.app.inject("/api/v1/openapi.json");
    expect(res.statusCode).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "openapi-lint-"));
    try {
      const file = path.join(dir, "openapi.json");
      fs.writeFileSync(file, res.body);
      let out: string;
      try {
        out = execFileSync(
          path.join(root, "node_modules", ".bin", "redocly"),
          ["lint", file, "--format", "json", "--config", path.join(root, "redocly.yaml")],
          { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] },
        );
      } catch (error) {
        out = String((error as { stdout?: string }).stdout ?? ""); // redocly exits 1 when it finds errors
      }
      const report = JSON.parse(out) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
      expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("documents the event stream as text/event-stream", async () => {
    const doc = (await t.app.inject("/api/v1/openapi.json")).json();
    expect(Object.keys(doc.paths["/api/v1/agam/pool/stream"].get.responses["200"].content)).toEqual(["text/event-stream"]);
    expect(doc.servers).toEqual([{ url: "/", description: "This site" }]);
  });
});
