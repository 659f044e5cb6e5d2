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
  if (container instanceof Document) prepareHead(container.head);
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
 * React's server render moves elements into <head> that no component renders there: the
 * `<link rel="modulepreload">` of `<Scripts/>` (rendered at the end of <body>) and a
 * `<link rel="preload" as="image">` for early images. Preact claims existing elements by tag
 * name, in order, and moves what it claims before what it did not: the hints would be taken for
 * the stylesheet links of `<Links/>` (the page would lose its styles). The hints have done their
 * work (the modules are loading), so they go. A route's `links` must therefore not add preload
 * hints of its own, and titles come from `meta` only, never a `<title>` in a page, which React
 * would move into <head> as well (tests/e2e/server/hydration.spec.ts checks the head keeps what it was sent).
 */
function prepareHead(head: HTMLHeadElement) {
  for (const hint of head.querySelectorAll('link[rel="modulepreload"], link[rel="preload"]')) hint.remove();
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
