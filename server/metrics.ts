/** Counters the benchmarks read from /__metrics (when METRICS=on). */
export const metrics = {
  /** React Router renders (page documents and data requests). */
  renders: 0,
  /** Database queries, counted by Drizzle's logger. */
  dbQueries: 0,
  /**
   * Event-loop stalls (watchEventLoop): every request waiting meanwhile waited that long.
   * `busy`: this process used the CPU for most of the stall (its own work: a render, a
   * synchronous query, garbage collection); `waiting`: it did not (the machine gave the CPU
   * to something else). Counted by length: 20–50 ms, 50–100 ms, 100 ms or more.
   */
  stalls: {
    busy: { "20ms": 0, "50ms": 0, "100ms": 0 },
    waiting: { "20ms": 0, "50ms": 0, "100ms": 0 },
  },
};

// A stall is counted from 20 ms: a tick every 10 ms sees it. Each tick reads the process's CPU
// time once (getrusage, summed over its threads): at 5 ms and two reads a tick this instrument
// took 1–2 % of a cached page's CPU in the load benchmark, which Node's own server it is compared
// with does not pay.
const TICK_MS = 10;
const bucketOf = (ms: number) => (ms >= 100 ? "100ms" : ms >= 50 ? "50ms" : "20ms");

/** Counts event-loop stalls into metrics.stalls until the returned function is called. */
export function watchEventLoop(): () => void {
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  const timer = setInterval(() => {
    const now = performance.now();
    const gap = now - last;
    const cpu = process.cpuUsage();
    const cpuMs = (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000;
    last = now;
    lastCpu = cpu;
    if (gap < 20) return;
    // CPU time is the whole process's (garbage collector and thread pool included), counted by the kernel in ticks.
    metrics.stalls[cpuMs >= gap / 2 ? "busy" : "waiting"][bucketOf(gap)]++;
  }, TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
