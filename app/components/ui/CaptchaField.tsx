import { type ReactNode, useEffect, useRef } from "react";
import { FieldError } from "./Field";
import "./CaptchaField.css";

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "altcha-widget": React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        challenge?: string;
        name?: string;
        language?: string;
        workers?: string;
      };
    }
  }
}

type AltchaWidget = HTMLElement & { reset?: () => void };

/**
 * The proof-of-work captcha (ALTCHA, from the site's own assets, spec section 4) as a form
 * field: its label, its error, the widget, and what shows instead while scripts are off
 * (`children`). An error or an expiry clears it so the visitor ticks it again; `reset`
 * clears it when it changes to a truthy value (the server spent the captcha: offer a new one).
 */
export function CaptchaField({
  id,
  label,
  error,
  challenge,
  reset,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  /** The address the widget asks for a challenge. */
  challenge: string;
  reset?: unknown;
  children: ReactNode;
}) {
  const widgetRef = useRef<AltchaWidget>(null);

  // The widget is a client-only module: loaded after hydration.
  useEffect(() => {
    let cancelled = false;
    const widget = widgetRef.current;
    const onState = (event: Event) => {
      const state = event instanceof CustomEvent ? event.detail?.state : undefined;
      if (state === "error" || state === "expired" || event.type === "expired") widget?.reset?.();
    };
    import("altcha").then(() => {
      if (cancelled || !widget) return;
      widget.addEventListener("statechange", onState);
      widget.addEventListener("expired", onState);
    });
    return () => {
      cancelled = true;
      widget?.removeEventListener("statechange", onState);
      widget?.removeEventListener("expired", onState);
    };
  }, []);

  useEffect(() => {
    if (reset) widgetRef.current?.reset?.();
  }, [reset]);

  return (
    <div className={`field captcha-field${error ? " field--error" : ""}`} id={id} role="group" aria-labelledby={`${id}-label`}>
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <FieldError id={`${id}-error`} message={error} />
      <div className="captcha-field__widget">
        <altcha-widget ref={widgetRef} challenge={challenge} name="altcha" language="en" />
      </div>
      {/* Shown until scripts run (the shell marks <html class="js">): a plain <noscript> is not shown by every browser mode. */}
      <div className="captcha-field__nojs">{children}</div>
    </div>
  );
}
