/** Polls `f` every 100 ms until it gives a value, for what a worker does in the background; fails after `ms`. */
export async function waitUntil<T>(f: () => Promise<T | undefined | null | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}
