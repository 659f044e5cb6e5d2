import { type ReactNode, useEffect, useRef, useState } from "react";
import { useLocale, useT } from "../../i18n";
import { CAPTCHA_WIDGET_FIL, formMessages } from "../../messages/forms";

/** ALTCHA's language store (globalThis.$altcha.i18n): the words of each language its widgets read. */
interface AltchaGlobal {
  $altcha?: { i18n?: { set(language: string, words: Record<string, string>): void } };
}

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

/** What tells that the visitor has started on the form. */
const FIRST_USE = ["focusin", "pointerdown", "input"] as const;

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
  eager = false,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  /** The address the widget asks for a challenge. */
  challenge: string;
  reset?: unknown;
  /** Load the widget with the page: for a form whose only field is this check. */
  eager?: boolean;
  children: ReactNode;
}) {
  const t = useT(formMessages);
  const locale = useLocale();
  const widgetRef = useRef<AltchaWidget>(null);
  const [loaded, setLoaded] = useState(false);

  // The widget's module (about 34 KiB gzip, more than the rest of the page's scripts) loads on
  // first use: when the visitor starts on the form that holds it, not with the page.
  useEffect(() => {
    const widget = widgetRef.current;
    // Its form, or outside a form the captcha's own area.
    const form = widget?.closest("form") ?? widget?.parentElement;
    if (!widget || !form) return;
    let cancelled = false;
    const onState = (event: Event) => {
      const state = event instanceof CustomEvent ? event.detail?.state : undefined;
      if (state === "error" || state === "expired" || event.type === "expired") widget.reset?.();
    };
    const listen = () => {
      for (const type of FIRST_USE) form.addEventListener(type, load);
    };
    const unlisten = () => {
      for (const type of FIRST_USE) form.removeEventListener(type, load);
    };
    const load = () => {
      unlisten();
      import("altcha").then(
        () => {
          // Its Filipino words, under the language the widget is given (its own store, set before it draws).
          (globalThis as AltchaGlobal).$altcha?.i18n?.set("fil", CAPTCHA_WIDGET_FIL);
          if (cancelled) return;
          widget.addEventListener("statechange", onState);
          widget.addEventListener("expired", onState);
          setLoaded(true);
        },
        // A failed download (the connection dropped): try again at the next keystroke or tap.
        () => cancelled || listen(),
      );
    };
    // The visitor may have started before the page was interactive.
    if (eager || form.contains(document.activeElement)) load();
    else listen();
    return () => {
      cancelled = true;
      unlisten();
      widget.removeEventListener("statechange", onState);
      widget.removeEventListener("expired", onState);
    };
  }, [eager]);

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
        {/* Until the widget is there: a plain line in its place, of about its height. */}
        {!loaded && <p className="captcha-field__pending">{t("form.captcha.pending")}</p>}
        <altcha-widget ref={widgetRef} challenge={challenge} name="altcha" language={locale} />
      </div>
      {/* Shown until scripts run (the shell marks <html class="js">): a plain <noscript> is not shown by every browser mode. */}
      <div className="captcha-field__nojs">{children}</div>
    </div>
  );
}
