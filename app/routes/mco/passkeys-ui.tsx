/**
 * The member portal's passkey pieces that other pages insert: the "Sign in with a passkey"
 * button of /mco/login and the link to /mco/passkeys. Rendered hidden; app/enhance/passkey.js
 * (loaded only where these are rendered) shows them when the browser can do WebAuthn, so
 * without JavaScript the pages work fully by code and load nothing more.
 */
import passkeyScript from "../../enhance/passkey.js?url";
import { useLocalePath, useT } from "../../i18n";
import { portalPasskeyMessages } from "../../messages/portal-passkeys";

/** The page's messages for the script, in the page's language. */
export function usePasskeyMessages() {
  const t = useT(portalPasskeyMessages);
  return {
    "data-msg-failed": t("pk.msg.failed"),
    "data-msg-cancelled": t("pk.msg.cancelled"),
    "data-msg-refused": t("pk.msg.refused"),
    "data-msg-wait": t("pk.msg.wait"),
    "data-msg-fresh": t("pk.msg.fresh"),
  };
}

export function PasskeyScript() {
  return <script type="module" src={passkeyScript} />;
}

/** Beside the code on /mco/login: shown only once the script runs in a browser that can do passkeys. */
export function PasskeySignIn() {
  const t = useT(portalPasskeyMessages);
  const lp = useLocalePath();
  return (
    <div className="portal-passkey" data-passkey="sign-in" data-next={lp("/mco")} hidden {...usePasskeyMessages()}>
      <p>{t("pk.signIn.or")}</p>
      <button type="button" className="button button--secondary">
        {t("pk.signIn.button")}
      </button>
      <p className="field__error" data-passkey-status role="status" aria-live="polite" />
      <PasskeyScript />
    </div>
  );
}

export function PasskeysLink() {
  const t = useT(portalPasskeyMessages);
  const lp = useLocalePath();
  return (
    <>
      <h2>{t("pk.title")}</h2>
      <p>
        {t("pk.linkIntro")} <a href={lp("/mco/passkeys")}>{t("pk.link")}</a>
      </p>
    </>
  );
}
