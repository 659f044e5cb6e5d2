/**
 * What the browser build gets for `import … from "react-dom/client"` (vite.config.ts): React's
 * `hydrateRoot` contract on Preact, for the one call React Router's default entry makes,
 * `hydrateRoot(document, <HydratedRouter />)`. Preact alone gets two things wrong there:
 *
 * - The whole document. Preact takes `document` to mean its `<html>` element and would hydrate
 *   our `<html>` *inside* it (a second, empty page). So the root is a stand-in parent whose only
 *   child is the `<html>` element (the way preact-root-fragment renders into part of a parent).
 * - A root that suspends. `HydratedRouter` throws a promise on its first render while it decodes
 *   the page's data (React waits for it at the root; Preact has no boundary there and the error
 *   escaped: the page kept its server markup, no form worked in the page). We hydrate again once
 *   the promise settles; nothing was attached before the throw.
 */
import { type ComponentChild, type ContainerNode, hydrate, render } from "preact";
import "preact/compat";

export function hydrateRoot(container: Document | Element, children: ComponentChild) {
  const parent = container instanceof Document ? documentParent(container) : container;
  if (container instanceof Document) dropHoistedHints(container);
  const attempt = () => {
    try {
      hydrate(children, parent);
    } catch (thrown) {
      if (!(thrown instanceof Promise)) throw thrown;
      thrown.then(attempt, attempt); // a rejection is thrown by the next attempt, as React would show it
    }
  };
  attempt();
  return { render: (next: ComponentChild) => render(next, parent), unmount: () => render(null, parent) };
}

export function createRoot(container: Element) {
  return { render: (next: ComponentChild) => render(next, container), unmount: () => render(null, container) };
}

/**
 * React's server render moves resource hints into <head>: the `<link rel="modulepreload">` that
 * `<Scripts/>` renders at the end of <body>, and a `<link rel="preload" as="image">` for early
 * images. No component renders them there, and Preact claims existing elements by tag name in
 * order: left in place, they would be taken for the stylesheet links that `<Links/>` renders
 * after them (the page would lose its styles) and those would be dropped. They have done their
 * work (the modules are loading), so they go before hydration. A route's `links` must therefore
 * not add preload hints of its own (tests/e2e/hydration.spec.ts checks the head stays as sent).
 */
function dropHoistedHints(document: Document) {
  for (const hint of document.head.querySelectorAll('link[rel="modulepreload"], link[rel="preload"]')) hint.remove();
}

/** A parent for the `<html>` element that Preact may own: its one child is that element. */
function documentParent(document: Document): ContainerNode {
  const html = document.documentElement;
  // Should hydration ever build a new <html> (it does not when server and browser agree), it takes the old one's place.
  const place = (node: ContainerNode) => {
    if (node !== html && node instanceof Node) document.replaceChild(node, html);
    return node;
  };
  return {
    nodeType: 1,
    parentNode: null,
    firstChild: html,
    childNodes: [html],
    contains: (other) => other === html || (other instanceof Node && html.contains(other)),
    insertBefore: place,
    appendChild: place,
    removeChild: (child) => (child instanceof Node ? document.removeChild(child) : child),
  };
}

export default { hydrateRoot, createRoot };
