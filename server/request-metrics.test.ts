import client from "prom-client";
import { describe, expect, it } from "vitest";
import { RequestFigures, registryMetric } from "./request-metrics";

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const ANSWERS: [string, string, number, number][] = [
  ["GET", "/news/:slug", 200, 0.0004],
  ["GET", "/news/:slug", 200, 0.001],
  ["GET", "/news/:slug", 304, 0.03],
  ["POST", "/report", 303, 0.2],
  ["GET", "/news/:slug", 200, 12],
  ["GET", "(no route)", 404, 0.0001],
];

/** What prom-client's own Counter and Histogram write for the same answers, in a registry of their own. */
async function promClientText(answers: typeof ANSWERS) {
  const registry = new client.Registry();
  const counter = new client.Counter({ name: "r_total", help: "h", labelNames: ["method", "route", "status"], registers: [registry] });
  const histogram = new client.Histogram({
    name: "d",
    help: "h",
    labelNames: ["method", "route"],
    buckets: BUCKETS,
    registers: [registry],
  });
  for (const [method, route, status, seconds] of answers) {
    counter.inc({ method, route, status });
    histogram.observe({ method, route }, seconds);
  }
  return { text: await registry.metrics(), json: await registry.getMetricsAsJSON() };
}

/** The lines of a scrape, in any order: a series' place among the others means nothing to Prometheus. */
const lines = (text: string) => text.split("\n").sort();

async function figuresText(answers: typeof ANSWERS) {
  const registry = new client.Registry();
  const figures = new RequestFigures(BUCKETS);
  registryMetric(registry, { name: "r_total", help: "h", type: "counter" }, figures, () => figures.counted());
  registryMetric(registry, { name: "d", help: "h", type: "histogram" }, figures, () => figures.timed("d"));
  for (const [method, route, status, seconds] of answers) figures.record(method, route, status, seconds);
  return { text: await registry.metrics(), json: await registry.getMetricsAsJSON(), registry };
}

describe("request figures", () => {
  it("scrape as prom-client's Counter and Histogram would", async () => {
    const ours = await figuresText(ANSWERS);
    const theirs = await promClientText(ANSWERS);
    expect(ours.text).toContain('r_total{method="GET",route="/news/:slug",status="304"} 1');
    expect(lines(ours.text)).toEqual(lines(theirs.text));
  });

  it("are summed across cluster workers as prom-client's are", async () => {
    const ours = await figuresText(ANSWERS);
    const theirs = await promClientText(ANSWERS);
    const sum = async (json: client.MetricObjectWithValues<client.MetricValue<string>>[]) =>
      client.AggregatorRegistry.aggregate([json, json]).metrics();
    expect(lines(await sum(ours.json))).toEqual(lines(await sum(theirs.json)));
    expect(await sum(ours.json)).toContain('r_total{method="GET",route="/news/:slug",status="200"} 6');
  });

  it("start again from zero when the registry is reset", async () => {
    const ours = await figuresText(ANSWERS);
    ours.registry.resetMetrics();
    expect(await ours.registry.metrics()).not.toContain("r_total{");
  });
});
