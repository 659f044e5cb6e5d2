/** Pieces of the factor pages: the TOTP set-up, backup codes, and the passkey button. */
import { useEffect, useState } from "react";
import { Form } from "react-router";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { Field } from "../../components/ui/Field";

export function TotpSetup({ pending, error }: { pending: { svg: string; secret: string }; error?: string }) {
  return (
    <>
      <ol>
        <li>Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator, Aegis or 2FAS).</li>
        <li>Scan this QR code, or type the key below into the app.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      {/* Drawn on the server by the qrcode package from our own data. */}
      <div
        className="console-qr"
        role="img"
        aria-label="QR code for the authenticator app"
        dangerouslySetInnerHTML={{ __html: pending.svg }}
      />
      <p>
        Key: <span className="console-code console-key">{pending.secret}</span>
      </p>
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="verify-totp" />
        <Field id="code" label="Code from the app" error={error}>
          {(p) => (
            <input
              {...p}
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]*"
              className="console-code-input"
              required
            />
          )}
        </Field>
        <button type="submit" className="button">
          Turn on the authenticator app
        </button>
      </Form>
    </>
  );
}

/**
 * The backup codes, once: a text file to download (a data: link, so it works without
 * JavaScript) and, with JavaScript, a Print button; printing shows the codes alone.
 */
export function BackupCodes({ codes }: { codes: string[] }) {
  const [canPrint, setCanPrint] = useState(false);
  useEffect(() => setCanPrint(typeof window.print === "function"), []);
  const file = [
    `${COOPERATIVE.shortName} staff console: backup codes`,
    "Each code signs you in once. Keep this somewhere safe.",
    "",
    ...codes,
    "",
  ].join("\n");
  return (
    <div className="console-status backup-codes">
      <h2>Your backup codes</h2>
      <p>
        Each code signs you in once if you do not have your phone. Download or print them now and keep them somewhere safe: they are not
        shown again. Codes use no 0, O, 1, l or i, so they cannot be misread.
      </p>
      <ul className="console-backup-codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <p className="console-actions backup-codes__actions">
        <a
          className="button button--secondary"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}
          download="backup-codes.txt"
        >
          Download the codes (text file)
        </a>
        {canPrint && (
          <button type="button" className="button button--secondary" onClick={() => window.print()}>
            Print the codes
          </button>
        )}
      </p>
    </div>
  );
}

export function PasswordConfirm({ intent, label, error, submit }: { intent: string; label?: string; error?: string; submit: string }) {
  return (
    <Form method="post" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <Field
        id={`${intent}-password`}
        label={label ?? "Your password"}
        hint="Changing a factor asks for your password again."
        error={error}
      >
        {(p) => <input {...p} name="password" type="password" autoComplete="current-password" required />}
      </Field>
      <button type="submit" className="button button--secondary">
        {submit}
      </button>
    </Form>
  );
}

/**
 * Creating a passkey needs the browser's WebAuthn API, so this part alone needs JavaScript.
 * The password was confirmed on the server just before (passwordConfirmed).
 */
export function PasskeyCreate({
  passwordConfirmed,
  passwordError,
  onDone,
}: {
  passwordConfirmed: boolean;
  passwordError?: string;
  onDone: string;
}) {
  const [supported, setSupported] = useState<boolean | null>(null);
  const [name, setName] = useState("");
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => setSupported(typeof window.PublicKeyCredential === "function"), []);
  if (supported === null) return <p>Creating a passkey needs JavaScript, which is off or still loading in this browser.</p>;
  if (!supported) return <p>This browser cannot create passkeys. Use the authenticator app instead.</p>;
  if (!passwordConfirmed)
    return <PasswordConfirm intent="confirm-password" error={passwordError} submit="Confirm password to add a passkey" />;
  return (
    <div>
      <Field id="passkey-name" label="Name for this passkey" hint='For example "Work laptop" or "Yubikey".'>
        {(p) => <input {...p} type="text" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />}
      </Field>
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setMessage("");
          try {
            const { registerPasskey } = await import("./passkey.client");
            await registerPasskey(name.trim() || "Passkey");
            window.location.assign(onDone);
          } catch (error) {
            setMessage(error instanceof Error ? error.message : "The passkey could not be created.");
            setBusy(false);
          }
        }}
      >
        Create a passkey
      </button>
      <p role="status" aria-live="polite" className="field__error">
        {message}
      </p>
    </div>
  );
}
