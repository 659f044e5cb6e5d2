import { COOPERATIVE, UI } from "../../../modules/shared/constants";
import { Carousel } from "../ui/Carousel";

export interface FooterData {
  partners: { name: string; url: string | null; logo: string }[];
  year: number;
}

/**
 * The footer of every page. The office map is a drawing served by the site
 * itself: no map tiles, no third-party request; a link opens a full map on request.
 */
export function Footer({ partners, year }: FooterData) {
  const { latitude, longitude } = COOPERATIVE.mainOffice;
  return (
    <footer className="site-footer">
      {partners.length > 0 && (
        <div className="site-footer__partners">
          <div className="container">
            <h2 className="visually-hidden">Our partners</h2>
            <Carousel
              label="Partner logos"
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
            24/7 hotline: <a href={COOPERATIVE.phoneHref}>{COOPERATIVE.phone}</a>
          </p>
          <p>
            E-mail: <a href={`mailto:${COOPERATIVE.email}`}>{COOPERATIVE.email}</a>
          </p>
        </div>
      </div>
      <div className="site-footer__main container">
        <section aria-labelledby="footer-office">
          <h2 id="footer-office">Main Office</h2>
          <address>
            {COOPERATIVE.name}
            <br />
            {COOPERATIVE.address}
            <br />
            Phone: <a href={COOPERATIVE.phoneHref}>{COOPERATIVE.phone}</a>
            <br />
            E-mail: <a href={`mailto:${COOPERATIVE.email}`}>{COOPERATIVE.email}</a>
          </address>
          <p>
            <a href={COOPERATIVE.facebookUrl} rel="noopener" target="_blank">
              Facebook page<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        </section>
        <section aria-labelledby="footer-map">
          <h2 id="footer-map">Find us</h2>
          <a
            href={`https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=15/${latitude}/${longitude}`}
            rel="noopener"
            target="_blank"
            className="site-footer__map"
          >
            <img
              src="/office-map.svg"
              width="320"
              height="200"
              loading="lazy"
              alt="Map: the main office on the National Road in Poblacion, Bani, between Alaminos City and Agno. Opens a full map in a new tab."
            />
          </a>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links">Quick links</h2>
          <ul>
            <li>
              <a href="/customer-satisfaction-survey">Customer Satisfaction Survey</a>
            </li>
            <li>
              <a href="/alerts">Interruption alerts (e-mail, SMS)</a>
            </li>
            <li>
              <a href="/careers">Careers</a>
            </li>
            <li>
              <a href="/privacy-policy">Privacy Policy</a>
            </li>
            <li>
              <a href="/terms-and-conditions">Terms and Conditions</a>
            </li>
          </ul>
        </nav>
      </div>
      <p className="site-footer__copyright">
        © {year} {COOPERATIVE.name} All rights reserved.{" "}
        {/* The only way into the staff console from the public site; a plain link, not prefetched. */}
        <a href="/staff" className="site-footer__staff" rel="nofollow">
          Staff
        </a>
      </p>
    </footer>
  );
}
