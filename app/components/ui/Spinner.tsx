/**
 * Shown while a client-side navigation loads its data (links and GET forms with
 * JavaScript on). Without JavaScript the browser's own loading indicator does this job.
 * After UI.spinnerTimeoutMs it gives up waiting, says so, and offers a retry that
 * loads the address afresh.
 */
import { useEffect, useState } from "react";
import { createPath, useNavigation } from "react-router";
import { UI } from "../../../modules/shared/constants";
import { useT } from "../../i18n";
import { newsMessages } from "../../messages/news";
import "./Spinner.css";

export function Spinner({ label }: { label?: string }) {
  const t = useT(newsMessages);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const target = navigation.location ? createPath(navigation.location) : null;
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    setTimedOut(false);
    if (!busy) return;
    const timer = setTimeout(() => setTimedOut(true), UI.spinnerTimeoutMs);
    return () => clearTimeout(timer);
  }, [busy, target]);

  const retry = () => {
    // A full load: the stuck client-side request is abandoned.
    window.location.assign(target ?? window.location.href);
  };

  return (
    <div className="spinner-region" role="status" aria-live="polite">
      {busy && !timedOut ? (
        <div className="spinner">
          <span className="spinner__circle" aria-hidden="true" />
          <span>{label ?? t("spin.loading")}</span>
        </div>
      ) : null}
      {busy && timedOut ? (
        <div className="spinner spinner--timeout">
          <span>{t("spin.slow")}</span>
          <button type="button" className="button" onClick={retry}>
            {t("spin.retry")}
          </button>
        </div>
      ) : null}
    </div>
  );
}
