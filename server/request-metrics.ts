/**
 * Requests counted and timed by method, route pattern and status, for Prometheus: the
 * `http_requests_total` counter and the `http_request_duration_seconds` histogram.
 *
 * Counted in plain numbers per series, and turned into metrics only when Prometheus scrapes:
 * prom-client's Counter and Histogram hash and check a label object on every call, 6 µs of a
 * cached page's answer, measured under wrk. What a scrape reads is what they would give (the same
 * names, labels, buckets and JSON for the cluster's aggregation), as registry metrics of their own.
 */
import type client from "prom-client";

interface Series {
  labels: { method: string; route: string };
  /** Answers by status code. */
  statuses: Map<number, number>;
  /** Observations per bucket (not cumulative), the last one past every bound (+Inf). */
  buckets: number[];
  sum: number;
  count: number;
}

type Value = { labels: Record<string, string | number>; value: number; metricName?: string };

export class RequestFigures {
  private readonly byMethod = new Map<string, Map<string, Series>>();
  constructor(private readonly bounds: readonly number[]) {}

  record(method: string, route: string, status: number, seconds: number) {
    let byRoute = this.byMethod.get(method);
    if (!byRoute) {
      byRoute = new Map();
      this.byMethod.set(method, byRoute);
    }
    let series = byRoute.get(route);
    if (!series) {
      series = { labels: { method, route }, statuses: new Map(), buckets: this.bounds.map(() => 0).concat(0), sum: 0, count: 0 };
      byRoute.set(route, series);
    }
    series.statuses.set(status, (series.statuses.get(status) ?? 0) + 1);
    let i = 0;
    while (i < this.bounds.length && seconds > this.bounds[i]!) i++;
    series.buckets[i]!++;
    series.sum += seconds;
    series.count++;
  }

  reset() {
    this.byMethod.clear();
  }

  private *series() {
    for (const byRoute of this.byMethod.values()) yield* byRoute.values();
  }

  /** The counter's values, as prom-client's Counter gives them. */
  counted(): Value[] {
    const values: Value[] = [];
    for (const s of this.series()) for (const [status, n] of s.statuses) values.push({ labels: { ...s.labels, status }, value: n });
    return values;
  }

  /** The histogram's values, as prom-client's Histogram gives them: cumulative buckets, +Inf, sum, count. */
  timed(name: string): Value[] {
    const values: Value[] = [];
    for (const s of this.series()) {
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += s.buckets[i]!;
        values.push({ labels: { le, ...s.labels }, value: cumulative, metricName: `${name}_bucket` });
      });
      values.push({ labels: { le: "+Inf", ...s.labels }, value: s.count, metricName: `${name}_bucket` });
      values.push({ labels: { ...s.labels }, value: s.sum, metricName: `${name}_sum` });
      values.push({ labels: { ...s.labels }, value: s.count, metricName: `${name}_count` });
    }
    return values;
  }
}

/**
 * One of these figures as a metric of a prom-client registry: what the registry reads (get,
 * reset) and the cluster's aggregation sums across workers.
 */
export function registryMetric(
  registry: client.Registry,
  spec: { name: string; help: string; type: "counter" | "histogram" },
  figures: RequestFigures,
  values: () => Value[],
) {
  const metric = {
    ...spec,
    aggregator: "sum" as const,
    async get() {
      return { ...spec, values: values(), aggregator: "sum" as const };
    },
    reset: () => figures.reset(),
  };
  registry.registerMetric(metric as unknown as client.Metric);
  return metric;
}
