import type { ReactNode } from "react";
// The widget's own minified module, served from /assets as it is (loaded on first use, forms.js).
import altchaUrl from "../../../node_modules/altcha/dist/main/altcha.min.js?url";
import { useLocale, useT } from "../../i18n";
import { CAPTCHA_WIDGET_FIL, formMessages } from "../../messages/forms";

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

/**
 * The proof-of-work captcha (ALTCHA, from the site's own assets, spec section 4) as a form
 * field: its label, its error, the widget, and what shows instead while scripts are off
 * (`children`). The widget's module (about 34 KiB gzip) is not loaded with the page:
 * app/enhance/forms.js imports it from `data-module` when the visitor starts on the form (or at
 * once with `eager`), gives it its Filipino words (`data-words`) and clears it after an error or
 * an expiry so the visitor ticks it again. Each answer of the server is a new page: a new widget.
 */
export function CaptchaField({
  id,
  label,
  error,
  challenge,
  eager = false,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  /** The address the widget asks for a challenge. */
  challenge: string;
  /** Load the widget with the page: for a form whose only field is this check. */
  eager?: boolean;
  children: ReactNode;
}) {
  const t = useT(formMessages);
  const locale = useLocale();
  return (
    <div className={`field captcha-field${error ? " field--error" : ""}`} id={id} role="group" aria-labelledby={`${id}-label`}>
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <FieldError id={`${id}-error`} message={error} />
      <div className="captcha-field__widget">
        {/* Until the widget is there: a plain line in its place, of about its height. */}
        <p className="captcha-field__pending">{t("form.captcha.pending")}</p>
        <altcha-widget
          challenge={challenge}
          name="altcha"
          language={locale}
          data-module={altchaUrl}
          data-words={locale === "fil" ? JSON.stringify(CAPTCHA_WIDGET_FIL) : undefined}
          data-eager={eager ? "" : undefined}
        />
      </div>
      {/* Shown until scripts run (the shell marks <html class="js">): a plain <noscript> is not shown by every browser mode. */}
      <div className="captcha-field__nojs">{children}</div>
    </div>
  );
}
