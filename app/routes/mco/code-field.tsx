import type { ProofResult } from "../../../modules/portal/flows.server";
import { type Locale, translate } from "../../../modules/shared/i18n";
import { Field } from "../../components/ui/Field";
import { useT } from "../../i18n";
import { portalMessages } from "../../messages/portal";

export function CodeField({ error }: { error?: string }) {
  const t = useT(portalMessages);
  return (
    <Field id="code" label={t("mco.code.label")} error={error}>
      {(p) => (
        <input
          {...p}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={8}
          className="input--short"
        />
      )}
    </Field>
  );
}

/** The same words for every code that does not work, whoever it was meant for. */
export function codeError(proof: Exclude<ProofResult, { ok: true }>, locale: Locale = "en"): string {
  if (proof.reason === "wrong") return translate(portalMessages, locale, "mco.code.wrong", { triesLeft: proof.triesLeft });
  return translate(portalMessages, locale, "mco.code.spent");
}
