/**
 * The time the site believes it is: what is visible (publish_at, unpublish_at) and when a
 * scheduled change falls due. Always the real clock, except in tests, which may set it to
 * see a scheduled item appear at its time without waiting.
 *
 * The state lives on globalThis because the page build bundles its own copy of this module:
 * the server's copy and the pages' copy must agree on the time.
 */
type Listener = () => void;

interface ClockState {
  offsetMs: number;
  listeners: Set<Listener>;
}

const KEY = Symbol.for("wespeco.site-clock");
const state: ClockState = ((globalThis as Record<symbol, ClockState | undefined>)[KEY] ??= { offsetMs: 0, listeners: new Set() });

export function now(): Date {
  return new Date(Date.now() + state.offsetMs);
}

/** Tests only: move the site's clock to `to` (the real clock keeps ticking from there); null for the real clock. */
export function setClock(to: Date | null): void {
  state.offsetMs = to ? to.getTime() - Date.now() : 0;
  for (const l of state.listeners) l();
}

/** Called when the clock is moved, so schedules are looked at again. */
export function onClockSet(listener: Listener): () => void {
  state.listeners.add(listener);
  return () => state.listeners.delete(listener);
}
