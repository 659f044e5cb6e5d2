// What every benchmark ends with: a time limit, a PASS or FAIL line with the rule it checked,
// and nothing left behind (temporary folders, servers, private PostgreSQL clusters), even
// when it fails, is interrupted or runs out of time.
const cleanups = [];

/** Runs `fn` (synchronous: it runs in the process's exit) when the benchmark ends, however it ends. */
export function atExit(fn) {
  cleanups.push(fn);
}

function cleanUp() {
  while (cleanups.length) {
    try {
      cleanups.pop()();
    } catch {}
  }
}
process.on("exit", cleanUp);
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => process.exit(130));

/** The exit code of the verdicts printed so far (undefined before the first). */
let decided;

/** Fails the benchmark when it has not finished within `seconds`. */
export function limitTime(name, seconds) {
  const timer = setTimeout(() => {
    // Its verdict already said: only the clean-up was slow. Stop now, with that verdict.
    if (decided !== undefined) {
      console.log(`(${name}: clean-up stopped at the time limit of ${seconds} s)`);
      process.exit(decided);
    }
    console.log(`FAIL: ${name} did not finish within ${seconds} s (BENCH_TIME_LIMIT)`);
    process.exit(1);
  }, seconds * 1000);
  timer.unref();
}

/** The benchmark's verdict: one line, `PASS: rule` or `FAIL: rule`; a failure sets the exit code. */
export function verdict(pass, rule, detail = "") {
  console.log(`${pass ? "PASS" : "FAIL"}: ${rule}${detail ? ` (${detail})` : ""}`);
  if (!pass) process.exitCode = 1;
  decided = pass && decided !== 1 ? 0 : 1;
  return pass;
}

/** BENCH_TIME_LIMIT (seconds) or the benchmark's own default. */
export const timeLimit = (fallback) => Number(process.env.BENCH_TIME_LIMIT ?? fallback);
