/** Counters the benchmarks read from /__metrics (when METRICS=on). */
export const metrics = {
  /** React Router renders (page documents and data requests). */
  renders: 0,
  /** Database queries, counted by Drizzle's logger. */
  dbQueries: 0,
};
