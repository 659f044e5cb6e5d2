/**
 * A print button once scripts run (app/enhance/enhance.js shows it); before that (or
 * without them) a plain instruction, since a button that does nothing would mislead.
 */
import { useT } from "../../i18n";
import { serviceMessages } from "../../messages/service";

export function PrintButton({ label }: { label: string }) {
  const t = useT(serviceMessages);
  return (
    <p className="print-button no-print" data-print-button="">
      <button type="button" className="button" hidden>
        {label}
      </button>
      <span>{t("print.howto")}</span>
    </p>
  );
}
