/** The API's plugin list (server/api/v1/index.ts) holds every file of its folder that exports a plugin. */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { API_PLUGINS } from "../../server/api/v1/index";

describe("API plugins", () => {
  it("lists every file of server/api/v1 with a default plugin, and nothing else", async () => {
    const dir = path.resolve(import.meta.dirname, "..", "..", "server", "api", "v1");
    const withPlugin: string[] = [];
    for (const file of fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
      .sort()) {
      if (file === "index.ts") continue;
      const module = (await import(pathToFileURL(path.join(dir, file)).href)) as { default?: unknown };
      if (typeof module.default === "function") withPlugin.push(file.replace(/\.ts$/, ""));
    }
    expect(Object.keys(API_PLUGINS).sort()).toEqual(withPlugin.sort());
  });
});
