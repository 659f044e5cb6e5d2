/**
 * Which pages load React. The staff console (/staff) always does, in its own layout.
 * A public page does only when one of its matched routes declares an interactive part
 * (`export const handle = { hydrate: true }`); every other page ships no React runtime
 * and no hydration, only app/enhance/enhance.js. Read by the root layout (whether to
 * render <Scripts/>) and by the server entry (how to render).
 */
export const isConsole = (pathname: string) => /^\/staff(\/|$)/i.test(pathname);

export function hydrates(pathname: string, routes: readonly { handle?: unknown }[]): boolean {
  return isConsole(pathname) || routes.some((r) => (r.handle as { hydrate?: boolean } | undefined)?.hydrate === true);
}
