/**
 * Which pages load React. The staff console (/staff) always does, in its own layout.
 * A public page would only when one of its matched routes declares `handle.hydrate`; none
 * does: every public page ships no React runtime and no hydration, only app/enhance/enhance.js
 * (and app/enhance/forms.js on form pages), within 30 KiB (scripts/check-bundle.mjs). Read by the root layout (whether to
 * render <Scripts/>) and by the server entry (how to render).
 */
export const isConsole = (pathname: string) => /^\/staff(\/|$)/i.test(pathname);

/**
 * Whether a page loads app/enhance/forms.js besides app/enhance/enhance.js: a public form page
 * declares it (`export const handle = { forms: true }`); it ships no React.
 */
export function enhancesForms(routes: readonly { handle?: unknown }[]): boolean {
  return routes.some((r) => (r.handle as { forms?: boolean } | undefined)?.forms === true);
}

export function hydrates(pathname: string, routes: readonly { handle?: unknown }[]): boolean {
  return isConsole(pathname) || routes.some((r) => (r.handle as { hydrate?: boolean } | undefined)?.hydrate === true);
}
