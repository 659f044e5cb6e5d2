import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("configuration", () => {
  it("defaults PORT to 3000 and DATA_DIR to ./data", () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.dataDir.endsWith("/data")).toBe(true);
    expect(c.publicUrl).toBe("http://localhost:3000");
  });
  it("stops with one line naming the variable and what it must be", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/^Invalid configuration: PORT must be a number/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL must be a postgres/);
    expect(() => loadConfig({ PUBLIC_URL: "not a url" })).toThrow(/PUBLIC_URL must be/);
    expect(() => loadConfig({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL must be one of/);
  });
});
