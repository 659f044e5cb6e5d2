#!/usr/bin/env bash
# Every benchmark once, at a small size, each with its PASS/FAIL line (run by .ci/run): a
# benchmark that no longer finishes, or no longer holds its rule, fails CI. The thresholds of
# the timing rules are loose here (a shared CI machine); the full sizes are in bench/README.md.
set -uo pipefail
cd "$(dirname "$0")/.."
failed=()
step() {
  local name=$1
  shift
  local start=$SECONDS
  echo "== bench: $name =="
  local log
  log=$(mktemp)
  env BENCH_PORTS="${BENCH_PORTS:-4300-4399}" "$@" >"$log" 2>&1
  local code=$?
  # The verdict line; the end of the output when there is none (a crash).
  grep -E '^(PASS|FAIL)' "$log" || tail -20 "$log"
  rm -f "$log"
  echo "   ($name: exit $code, $((SECONDS - start)) s, load $(cut -d' ' -f1-3 /proc/loadavg))"
  [ "$code" = 0 ] || failed+=("$name")
}
step crash env BENCH_DATABASE=postgres WEB_CONCURRENCY=1 BENCH_SUBMISSIONS=40 BENCH_TIME_LIMIT=240 node bench/crash.mjs
step stampede env BENCH_TIME_LIMIT=180 node bench/stampede.mjs
step db-down env BENCH_SECONDS=5 BENCH_TIME_LIMIT=240 node bench/db-down.mjs
step alerts-crash env BENCH_SUBSCRIBERS=100 BENCH_KILLS=2 BENCH_TIME_LIMIT=240 npx tsx bench/alerts-crash.mjs
step alerts-throughput env BENCH_SUBSCRIBERS=300 BENCH_TIME_LIMIT=120 npx tsx bench/alerts-throughput.mjs
step load env BENCH_SETUPS=pglite BENCH_PATHS=/news/power-interruptions BENCH_SECONDS=2 BENCH_MIN_RATIO=0.1 BENCH_MAX_P99_MS=500 BENCH_TIME_LIMIT=240 node bench/load.mjs
step agam-viewers env VIEWERS=100 REGISTRATIONS=3 BURST=5 IDLE_SECONDS=2 node bench/agam-viewers.mjs
step rolling-restart env BENCH_SECONDS=3 BENCH_TIME_LIMIT=300 node bench/rolling-restart.mjs
step roll-import env BENCH_MAX_LOOKUP_MS=500 BENCH_TIME_LIMIT=180 npx tsx bench/roll-import.ts 2000 50
step lighthouse env BENCH_PAGES=/news/power-interruptions BENCH_RUNS=1 BENCH_MIN_SCORE=50 BENCH_TIME_LIMIT=150 npx tsx bench/lighthouse.mjs
if [ ${#failed[@]} -gt 0 ]; then
  echo "benchmarks failed: ${failed[*]}"
  exit 1
fi
echo "all benchmarks passed"
