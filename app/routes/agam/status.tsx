/**
 * /agam-status: the static member-consumer table of the nine districts, the quorum
 * target and the live registered counts. The counts are in the server's HTML; with
 * JavaScript (app/enhance/enhance.js, no React) they follow the server-sent events of
 * /api/v1/agam/pool/stream, or poll /api/v1/agam/pool/all every 2 s where those are
 * unavailable; the data attributes below say where each number goes.
 */

import { AGAM, AGAM_DISTRICTS, COOPERATIVE, UI } from "../../../modules/shared/constants";
import { formatNumber, INTL_LOCALE, localeOfPath, translator } from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { services } from "../../context";
import { useLocale, useT } from "../../i18n";
import { agamStatusMessages } from "../../messages/agam-status";
import type { Route } from "./+types/status";
import "./agam.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = ({ location }) => {
  const locale = localeOfPath(location.pathname);
  const t = translator(agamStatusMessages, locale);
  return [
    { title: `${t("agam.status.title")} | ${COOPERATIVE.shortName}` },
    {
      name: "description",
      content: t("agam.status.description", { org: COOPERATIVE.shortName, quorum: formatNumber(AGAM.quorumTarget, locale) }),
    },
  ];
};

/** Live numbers: a cached copy would be stale at once. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ context }: Route.LoaderArgs) {
  // The live value the API and its stream give (one computation for every reader), which the page's script then follows.
  return { counts: await services(context).agamCounts() };
}

export default function AgamStatus({ loaderData }: Route.ComponentProps) {
  const t = useT(agamStatusMessages);
  const locale = useLocale();
  const n = (x: number) => formatNumber(x, locale);
  const live = loaderData.counts;
  const total = AGAM_DISTRICTS.reduce((sum, d) => sum + d.memberConsumers, 0);
  const north = AGAM_DISTRICTS.filter((d) => d.area === "north").reduce((s, d) => s + d.memberConsumers, 0);
  const south = total - north;
  const quorum = AGAM.quorumTarget;
  const percent = Math.min(100, Math.floor((live.total / quorum) * 1000) / 10);
  const reached = live.total >= quorum;

  return (
    <div className="container page agam agam-dashboard">
      <Breadcrumb items={[{ label: t("agam.status.title") }]} />
      <h1>{t("agam.status.title")}</h1>

      <section
        className="agam-live"
        aria-labelledby="agam-live-title"
        data-agam-live={quorum}
        data-poll-ms={UI.statusPollMs}
        data-number-locale={INTL_LOCALE[locale]}
        data-text-reached={t("agam.status.reached", { total: "{total}", quorum: "{quorum}" })}
        data-text-toward={t("agam.status.toward", { total: "{total}", quorum: "{quorum}" })}
        data-text-live={t("agam.status.live")}
      >
        <h2 id="agam-live-title" className="agam__subtitle">
          {t("agam.status.registered")}
        </h2>
        {/* Only this sentence is announced when the counts change, not every number. */}
        <p className="agam-live__summary" aria-live="polite" aria-atomic="true" data-live="summary">
          {reached
            ? t("agam.status.reached", { total: n(live.total), quorum: n(quorum) })
            : t("agam.status.toward", { total: n(live.total), quorum: n(quorum) })}
        </p>
        <div className="agam-live__progress">
          <label htmlFor="agam-quorum-progress" className="agam-live__progress-label">
            {t("agam.status.progress")} <strong data-live="percent">{percent}%</strong>
          </label>
          <progress id="agam-quorum-progress" max={quorum} value={Math.min(live.total, quorum)} data-live="progress">
            {percent}%
          </progress>
        </div>
        <dl className="agam-live__counts">
          <div className="agam-live__count agam-live__count--total">
            <dt>{t("agam.status.total")}</dt>
            <dd data-testid="agam-total" data-live="qmember">
              {n(live.total)}
            </dd>
          </div>
          <div className="agam-live__count">
            <dt>{t("agam.status.northDistricts")}</dt>
            <dd data-live="qmember_north">{n(live.north)}</dd>
          </div>
          <div className="agam-live__count">
            <dt>{t("agam.status.southDistricts")}</dt>
            <dd data-live="qmember_south">{n(live.south)}</dd>
          </div>
          <div className="agam-live__count">
            <dt>{t("agam.status.target")}</dt>
            <dd>{n(quorum)}</dd>
          </div>
        </dl>
        <p className="agam__hint" data-live="hint">
          {t("agam.status.reload")}
        </p>
      </section>

      <section aria-labelledby="agam-districts-title">
        <h2 id="agam-districts-title" className="agam__subtitle">
          {t("agam.status.perDistrict")}
        </h2>
        <div className="table-wrap">
          <table className="agam-districts">
            <caption className="visually-hidden">{t("agam.status.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("agam.status.district")}</th>
                <th scope="col">{t("agam.status.town")}</th>
                <th scope="col">{t("agam.status.area")}</th>
                <th scope="col" className="num">
                  {t("agam.status.members")}
                </th>
              </tr>
            </thead>
            <tbody>
              {AGAM_DISTRICTS.map((d) => (
                <tr key={d.district}>
                  <th scope="row">{d.district}</th>
                  <td>{d.town}</td>
                  <td>{d.area === "north" ? t("agam.status.north") : t("agam.status.south")}</td>
                  <td className="num">{n(d.memberConsumers)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>
                  {t("agam.status.northDistricts")}
                </th>
                <td className="num">{n(north)}</td>
              </tr>
              <tr>
                <th scope="row" colSpan={3}>
                  {t("agam.status.southDistricts")}
                </th>
                <td className="num">{n(south)}</td>
              </tr>
              <tr className="agam-districts__total">
                <th scope="row" colSpan={3}>
                  {t("agam.status.totalMembers")}
                </th>
                <td className="num">{n(total)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
        <p>
          {t("agam.status.quorumLabel")} <strong>{n(quorum)}</strong>
          {t("agam.status.quorumNote", { total: n(AGAM.totalMemberConsumers) })}
        </p>
      </section>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
