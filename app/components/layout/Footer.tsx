import { COOPERATIVE, UI } from "../../../modules/shared/constants";
import { type Locale, localePath, translator } from "../../../modules/shared/i18n";
import { shellMessages } from "../../messages/shell";
import { Carousel } from "../ui/Carousel";

export interface FooterData {
  partners: { name: string; url: string | null; logo: string }[];
  year: number;
}

/**
 * The footer of every page. The office map is a drawing served by the site
 * itself: no map tiles, no third-party request; a link opens a full map on request.
 */
export function Footer({ partners, year, locale }: FooterData & { locale: Locale }) {
  const t = translator(shellMessages, locale);
  const lp = (path: string) => localePath(locale, path);
  const { latitude, longitude } = COOPERATIVE.mainOffice;
  return (
    <footer className="site-footer">
      {partners.length > 0 && (
        <div className="site-footer__partners">
          <div className="container">
            <h2 className="visually-hidden">{t("footer.partners")}</h2>
            <Carousel
              label={t("footer.partnerLogos")}
              autoplayMs={UI.partnerAutoplayMs}
              speedMs={UI.partnerSpeedMs}
              perView={[UI.partnerItemsMin, 3, UI.partnerItemsMax]}
              className="partner-carousel"
              slides={partners.map((p) => <img src={p.logo} alt={p.name} width="160" height="80" loading="lazy" decoding="async" />)}
            />
          </div>
        </div>
      )}
      <div className="site-footer__contact-strip">
        <div className="container">
          <p>
            {t("footer.hotline")} <a href={COOPERATIVE.phoneHref}>{COOPERATIVE.phone}</a>
          </p>
          <p>
            {t("footer.email")} <a href={`mailto:${COOPERATIVE.email}`}>{COOPERATIVE.email}</a>
          </p>
        </div>
      </div>
      <div className="site-footer__main container">
        <section aria-labelledby="footer-office">
          <h2 id="footer-office">{t("footer.office")}</h2>
          <address>
            {COOPERATIVE.name}
            <br />
            {COOPERATIVE.address}
            <br />
            {t("footer.phone")} <a href={COOPERATIVE.phoneHref}>{COOPERATIVE.phone}</a>
            <br />
            {t("footer.email")} <a href={`mailto:${COOPERATIVE.email}`}>{COOPERATIVE.email}</a>
          </address>
          <p>
            <a href={COOPERATIVE.facebookUrl} rel="noopener" target="_blank">
              {t("footer.facebook")}
              <span className="visually-hidden">{t("footer.newTab")}</span>
            </a>
          </p>
        </section>
        <section aria-labelledby="footer-map">
          <h2 id="footer-map">{t("footer.findUs")}</h2>
          <a
            href={`https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=15/${latitude}/${longitude}`}
            rel="noopener"
            target="_blank"
            className="site-footer__map"
          >
            {/* The drawing's labels are text in the file: one file per language. */}
            <img
              src={locale === "fil" ? "/office-map-fil.svg" : "/office-map.svg"}
              width="320"
              height="200"
              loading="lazy"
              alt={t("footer.mapAlt")}
            />
          </a>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links">{t("footer.quickLinks")}</h2>
          <ul>
            <li>
              <a href={lp("/customer-satisfaction-survey")}>{t("nav.survey")}</a>
            </li>
            <li>
              <a href={lp("/alerts")}>{t("footer.alerts")}</a>
            </li>
            <li>
              <a href={lp("/careers")}>{t("nav.careers")}</a>
            </li>
            <li>
              <a href={lp("/privacy-policy")}>{t("footer.privacy")}</a>
            </li>
            <li>
              <a href={lp("/terms-and-conditions")}>{t("footer.terms")}</a>
            </li>
          </ul>
        </nav>
      </div>
      <p className="site-footer__copyright">
        © {year} {COOPERATIVE.name} {t("footer.rights")}{" "}
        {/* The only way into the staff console from the public site; a plain link, not prefetched. */}
        <a href="/staff" className="site-footer__staff" rel="nofollow">
          {t("footer.staff")}
        </a>
      </p>
    </footer>
  );
}
