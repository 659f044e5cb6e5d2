/**
 * The one accordion: <details>/<summary>, so items open and close without
 * JavaScript, by keyboard (Enter or Space on the summary) and with a screen reader
 * announcing "collapsed"/"expanded". Find-in-page opens a closed item in Chromium.
 */
import type { ReactNode } from "react";
import "./Accordion.css";

/** With JavaScript, an address like /news/advisories#advisory-3 opens that item (app/enhance/enhance.js). */
export function Accordion({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div className="accordion" role={label ? "region" : undefined} aria-label={label}>
      {children}
    </div>
  );
}

export function AccordionItem({
  id,
  title,
  meta,
  children,
  defaultOpen = false,
}: {
  id?: string;
  title: ReactNode;
  meta?: ReactNode;
  children: ReactNode;
  defaultOpen?: boolean;
}) {
  return (
    <details className="accordion__item" id={id} open={defaultOpen || undefined}>
      <summary className="accordion__summary">
        <span className="accordion__title">{title}</span>
        {meta ? <span className="accordion__meta">{meta}</span> : null}
        <span className="accordion__icon" aria-hidden="true" />
      </summary>
      <div className="accordion__panel">{children}</div>
    </details>
  );
}
