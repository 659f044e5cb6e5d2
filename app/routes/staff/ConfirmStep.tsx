/**
 * The console's one confirmation step before something that cannot simply be undone (revoking a
 * token, disabling an account, pausing all deliveries, ending a major event, removing content).
 * It works without JavaScript: the first button only asks (a GET with `?confirm=…`, or an
 * action answering "ask"), and this card then posts the real change, or leads back unchanged.
 */
import type { ReactNode } from "react";
import { Form, Link } from "react-router";

export function ConfirmStep(props: {
  /** The card's heading, a question: "Revoke the token of Billing nightly?". */
  title: string;
  /** What happens, and whether it can be undone. */
  children: ReactNode;
  /** The hidden fields of the real change (intent, id …). */
  fields: Record<string, string | number>;
  /** The button that does it: "Yes, revoke it". */
  confirm: string;
  /** Where "keep" leads, and where the change is posted: the page without the question. */
  back: string;
  keep?: string;
}) {
  return (
    <section className="console-card console-confirm" role="alert" aria-labelledby="confirm-title">
      <h2 id="confirm-title">{props.title}</h2>
      {props.children}
      <Form method="post" action={props.back} className="form-actions">
        {Object.entries(props.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="button">
          {props.confirm}
        </button>
        <Link className="button button--secondary" to={props.back}>
          {props.keep ?? "No, keep it as it is"}
        </Link>
      </Form>
    </section>
  );
}

/** The question asked of this page (`?confirm=revoke-3`), if any. */
export const confirmAsked = (search: string): string | null => new URLSearchParams(search).get("confirm");

/** The page without its question: where the change is posted and "keep" leads. */
export function withoutConfirm(location: { pathname: string; search: string }): string {
  const q = new URLSearchParams(location.search);
  q.delete("confirm");
  const rest = q.toString();
  return rest ? `${location.pathname}?${rest}` : location.pathname;
}

/** The button that asks first: a GET to the same page with the question in the query. */
export function AskFirst(props: { ask: string; children: ReactNode; label?: string; className?: string }) {
  return (
    <Form method="get" className={props.className}>
      <input type="hidden" name="confirm" value={props.ask} />
      <button type="submit" className="button button--secondary" aria-label={props.label}>
        {props.children}
      </button>
    </Form>
  );
}
