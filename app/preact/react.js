/**
 * What the browser build gets for `import … from "react"` (vite.config.ts, `preactInTheBrowser`):
 * Preact's compatibility layer, plus the one React 19 hook React Router calls that it lacks.
 * (Plain JavaScript: preact/compat's types are one `export =`, which TypeScript cannot re-export.)
 */
export * from "preact/compat";
export { default } from "preact/compat";

/**
 * `useOptimistic`: an optimistic value lives only while a transition is pending. Preact runs
 * `startTransition` at once (there are no pending transitions), so the value is always the
 * committed state. React Router calls the setter only with `useTransitions` (we do not set it).
 */
export function useOptimistic(state) {
  return [state, () => {}];
}
