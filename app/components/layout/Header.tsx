import { COOPERATIVE, UI } from "../../../modules/shared/constants";
import { LOCALE_NAMES, type Locale, localePath, stripLocale, translator } from "../../../modules/shared/i18n";
import { SWITCH_FIELD, SWITCH_FORM_ID } from "../../language-switch";
import { shellMessages } from "../../messages/shell";
import type { NavItem } from "./navigation";

/**
 * Header and navigation. The mobile menu (up to 991 px) is a <details>, so it
 * opens and closes without JavaScript; on wider screens CSS shows the list as a bar.
 * With JavaScript (app/enhance/enhance.js, no React) the header gains a "scrolled" style
 * after 50 px, and Escape closes the menu and returns focus to its button.
 * The links are plain <a>: a link in the shell always loads the next page as a document
 * (root.tsx), so React Router's <NavLink> would only add per-link work to every render.
 */
export function Header({
  navigation,
  hasTicker,
  pathname,
  switchPath = stripLocale(pathname),
  locale,
  carriesForm = false,
}: {
  navigation: NavItem[];
  hasTicker: boolean;
  pathname: string;
  /** The page the language switch opens in the other language: this one (with its query, app/language-switch.ts), unless it has none. */
  switchPath?: string;
  locale: Locale;
  /** The page has a form whose typed answers the switch carries (app/language-switch.ts). */
  carriesForm?: boolean;
}) {
  const t = translator(shellMessages, locale);
  // The other language of this very page: a plain link that remembers the choice (server/language.ts).
  const other: Locale = locale === "fil" ? "en" : "fil";
  const switchHref = `/language/${other}?to=${encodeURIComponent(switchPath)}`;
  // The current page's link is marked as NavLink marked it: the same path, letter case aside.
  const current = pathname.toLowerCase();
  const link = (to: string, label: string) => (
    <a aria-current={to.toLowerCase() === current ? "page" : undefined} href={to}>
      {label}
    </a>
  );
  return (
    <header className={`site-header${hasTicker ? " site-header--with-ticker" : ""}`} data-scrolled-after={UI.headerStickyThresholdPx}>
      <div className="site-header__bar container">
        <a className="site-header__brand" href={localePath(locale, "/")}>
          <img src="/logo.svg" alt="" width="40" height="40" />
          <span>
            <strong>{COOPERATIVE.shortName}</strong>
            <small>{COOPERATIVE.name}</small>
          </span>
        </a>
        <details className="site-nav">
          <summary className="site-nav__toggle">
            <span className="site-nav__toggle-icon" aria-hidden="true" />
            {t("shell.menu")}
          </summary>
          <nav aria-label={t("shell.mainNav")}>
            <ul className="site-nav__list">
              {navigation.map((item) =>
                "children" in item ? (
                  <li key={item.label} className="site-nav__group">
                    <span className="site-nav__group-label">{item.label}</span>
                    <ul className="site-nav__sub">
                      {item.children.map((child) => (
                        <li key={child.to}>{link(child.to, child.label)}</li>
                      ))}
                    </ul>
                  </li>
                ) : (
                  <li key={item.to}>{link(item.to, item.label)}</li>
                ),
              )}
            </ul>
          </nav>
        </details>
        {/* Short on a phone: the other language's name in itself; the full sentence for screen readers. */}
        <a className="site-header__language" href={switchHref} hrefLang={other} rel="alternate nofollow">
          <span className="visually-hidden">{t("shell.switchTo")}</span>
          <span lang={other}>{LOCALE_NAMES[other]}</span>
        </a>
        {/* While the carried form is on the page (CSS :has), this button replaces the link: it posts what was
            typed to the other language's page. A browser without :has keeps the link (the step's query). */}
        {carriesForm && (
          <button
            type="submit"
            className="site-header__language site-header__language--form"
            form={SWITCH_FORM_ID}
            formAction={switchHref}
            formMethod="post"
            formNoValidate
            name={SWITCH_FIELD}
            value={other}
            data-switch-language=""
          >
            <span className="visually-hidden">{t("shell.switchTo")}</span>
            <span lang={other}>{LOCALE_NAMES[other]}</span>
          </button>
        )}
      </div>
    </header>
  );
}
