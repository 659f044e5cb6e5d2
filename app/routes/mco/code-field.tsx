import type { ProofResult } from "../../../modules/portal/flows.server";
import { Field } from "../../components/ui/Field";

export function CodeField({ error }: { error?: string }) {
  return (
    <Field id="code" label="6-digit code" error={error}>
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
export function codeError(proof: Exclude<ProofResult, { ok: true }>): string {
  if (proof.reason === "wrong") return `That code is not right. ${proof.triesLeft === 1 ? "1 try" : `${proof.triesLeft} tries`} left.`;
  return "This code can no longer be used: it has expired, was already used, or was tried 5 times. Ask for a new one.";
}
