/** Before a save sends alerts: who they reach per channel, the SMS's segments and credits, and how long delivery takes. */

import { describeDuration } from "../../../../modules/alerts/cost";
import type { AlertPreview } from "../../../../modules/alerts/preview.server";

const n = (x: number) => x.toLocaleString("en-PH");
const LANGUAGE_NAMES = { en: "English", fil: "Filipino" } as const;

export function AlertCost({ preview }: { preview: AlertPreview }) {
  const { recipients: r, sms } = preview;
  const total = r.email + r.sms + r.push;
  // English always (most subscribers), Filipino when someone would get it.
  const texts = preview.smsByLanguage.filter((s) => s.language === "en" || s.recipients > 0);
  return (
    <section aria-labelledby="alert-cost">
      <h2 id="alert-cost">{preview.reason === "published" ? "Alerts when this is published" : "Alerts when a change is saved"}</h2>
      {total === 0 ? (
        <p>No subscriber follows these areas yet: no alert would be sent.</p>
      ) : (
        <>
          <div className="console-table-wrap">
            <table className="console-table">
              <thead>
                <tr>
                  <th scope="col">Channel</th>
                  <th scope="col">Recipients</th>
                  <th scope="col">Cost and time at the configured rates</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">SMS</th>
                  <td>{n(r.sms)}</td>
                  <td>
                    {texts.map((s) => (
                      <span key={s.language} className="alert-cost__language">
                        {LANGUAGE_NAMES[s.language]}: {n(s.recipients)} × {s.segments.segments} segment
                        {s.segments.segments === 1 ? "" : "s"} ({s.segments.encoding}, {s.segments.length} characters);{" "}
                      </span>
                    ))}
                    {n(sms.credits)} credits; {n(sms.calls)} gateway call{sms.calls === 1 ? "" : "s"}, {describeDuration(sms.seconds)}
                  </td>
                </tr>
                <tr>
                  <th scope="row">E-mail</th>
                  <td>{n(r.email)}</td>
                  <td>{describeDuration(preview.email.seconds)}</td>
                </tr>
                <tr>
                  <th scope="row">Push</th>
                  <td>{n(r.push)}</td>
                  <td>no cost</td>
                </tr>
              </tbody>
            </table>
          </div>
          <p>Last message handed over in {describeDuration(preview.seconds)}.</p>
          {texts.map((s) => (
            <p key={s.language}>
              The text message in {LANGUAGE_NAMES[s.language]}: <q lang={s.language}>{s.text}</q>
            </p>
          ))}
          {texts.some((s) => s.segments.encoding === "UCS-2") && (
            <p>A character outside the GSM alphabet makes every segment hold 70 characters instead of 160.</p>
          )}
        </>
      )}
    </section>
  );
}
