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
  it("needs PUBLIC_URL when NODE_ENV=production: absolute links never come from a request's Host", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/^Invalid configuration: PUBLIC_URL must be set in production/);
    expect(loadConfig({ NODE_ENV: "production", PUBLIC_URL: "https://www.wespeco.example.ph/" }).publicUrl).toBe(
      "https://www.wespeco.example.ph",
    );
  });
});

describe("TRUST_PROXY", () => {
  it("is off by default and takes a hop count or a list of addresses and ranges", async () => {
    const { trustProxyOption } = await import("./config");
    expect(trustProxyOption(loadConfig({}).TRUST_PROXY)).toBe(false);
    const oneHop = trustProxyOption(loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY) as (a: string, hop: number) => boolean;
    expect([oneHop("127.0.0.1", 0), oneHop("127.0.0.1", 1)]).toEqual([true, false]);
    expect(trustProxyOption(loadConfig({ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8,::1" }).TRUST_PROXY)).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "::1",
    ]);
  });
  it("refuses trusting everyone and addresses that are not addresses", () => {
    for (const bad of ["true", "on", "*", "10.0.0.0/33", "example.com", "1.2.3"])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/^Invalid configuration: TRUST_PROXY must be off, a hop count/);
  });
  it("seeds demo content (and prints the demo administrator's link) only outside production, unless asked", () => {
    expect(loadConfig({}).SEED_DEMO).toBe("on");
    expect(loadConfig({ NODE_ENV: "production", PUBLIC_URL: "https://coop.example.ph" }).SEED_DEMO).toBe("off");
    expect(loadConfig({ NODE_ENV: "production", PUBLIC_URL: "https://coop.example.ph", SEED_DEMO: "on" }).SEED_DEMO).toBe("on");
    expect(loadConfig({ SEED_DEMO: "off" }).SEED_DEMO).toBe("off");
  });
});
