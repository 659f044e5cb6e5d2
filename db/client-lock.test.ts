import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DataDirBusyError, openDatabase } from "./client";

/** One process at a time on the embedded database's folder (the site and `npm run staff:add`). */
describe("the embedded database's folder", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coop-lock-"));
  const lock = path.join(dataDir, "pglite.lock");
  const other = spawn("sleep", ["60"]);
  afterAll(() => {
    other.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("is refused while another live process holds it, taken over from a dead one, and released on close", async () => {
    fs.writeFileSync(lock, String(other.pid));
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirBusyError);

    other.kill();
    await new Promise((resolve) => other.once("exit", resolve));
    const handle = await openDatabase({ dataDir });
    expect(fs.readFileSync(lock, "utf8")).toBe(String(process.pid));
    await handle.close();
    expect(fs.existsSync(lock)).toBe(false);
  });
});
