import { describe, expect, it } from "vitest";
import { normalizePath, RoutePolicies } from "./route-policy";

describe("normalizePath", () => {
  it("gives every spelling of a path the one form a router sees", () => {
    expect(normalizePath("/CSS/")).toBe("/css");
    expect(normalizePath("/%63ss?x=1#y")).toBe("/css");
    expect(normalizePath("/%2563ss")).toBe("/css");
    expect(normalizePath("//news/../css")).toBe("/css");
    expect(normalizePath("/./service/./bill-inquiry")).toBe("/service/bill-inquiry");
    expect(normalizePath("/news/%2e%2e/css")).toBe("/css");
    expect(normalizePath("/service\\bill-inquiry")).toBe("/service/bill-inquiry");
    expect(normalizePath("/../../css")).toBe("/css");
    expect(normalizePath("/%")).toBe("/%");
  });

  it("drops React Router's data suffix", () => {
    expect(normalizePath("/customer-satisfaction-survey.data")).toBe("/customer-satisfaction-survey");
    expect(normalizePath("/css.data?index")).toBe("/css");
    expect(normalizePath("/_root.data")).toBe("/");
    expect(normalizePath("/agam-registration-confirmation/web/01-1000-4568.data")).toBe("/agam-registration-confirmation/web/01-1000-4568");
  });
});

describe("RoutePolicies", () => {
  const policies = new RoutePolicies();
  policies.add({ path: "/api/v1/agam/pool/check-account-number/:account", methods: ["GET"], policy: { personal: true, bucket: "lookup" } });

  it("finds the page form posts' buckets however the path is written", () => {
    for (const url of [
      "/css",
      "/CSS",
      "/css/",
      "/css.data",
      "/%63ss",
      "/x/../css",
      "/customer-satisfaction-survey.data?_routes=routes%2Fsurvey",
    ]) {
      expect(policies.lookup("POST", url)).toEqual({ personal: true, cache: false, bucket: "page-survey" });
    }
    expect(policies.lookup("POST", "/agam-registration.data").bucket).toBe("page-registration");
    expect(policies.lookup("POST", "/service/bill-inquiry").bucket).toBe("page-lookup");
    expect(policies.lookup("GET", "/css").bucket).toBeUndefined();
  });

  it("applies a GET rule to HEAD, and declared API routes by their pattern", () => {
    expect(policies.lookup("HEAD", "/api/v1/agam/pool/check-account-number/01-1000-4568")).toEqual({
      personal: true,
      cache: false,
      bucket: "lookup",
    });
    expect(policies.lookup("GET", "/api/v1/agam/pool/check-account-number/01-1000-4568").bucket).toBe("lookup");
    expect(policies.lookup("GET", "/api/v1/power-interruption/incoming")).toEqual({ personal: false, cache: true, bucket: undefined });
    expect(policies.lookup("GET", "/agam-status").cache).toBe(false);
  });

  it("logs a personal path only up to its first parameter, and never a query", () => {
    expect(policies.logPath("GET", "/api/v1/agam/pool/check-account-number/01-1000-4568")).toBe(
      "/api/v1/agam/pool/check-account-number/[redacted]",
    );
    expect(policies.logPath("GET", "/agam-registration-confirmation/web/01-1000-4568")).toBe("/agam-registration-confirmation/[redacted]");
    expect(policies.logPath("POST", "/customer-satisfaction-survey")).toBe("/customer-satisfaction-survey");
    expect(policies.logPath("GET", "/news?q=secret")).toBe("/news");
  });
});
