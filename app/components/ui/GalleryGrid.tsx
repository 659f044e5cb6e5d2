import { useId } from "react";
import type { GalleryImage } from "../../../modules/content/gallery";
import { srcSet } from "../../../modules/content/gallery";
import { useLocale, useT } from "../../i18n";
import { shellMessages } from "../../messages/shell";
import { LanguageFallbackNote } from "../ContentInLanguage";
import "./GalleryGrid.css";

/**
 * Captioned pictures in a grid. Without JavaScript each picture is a link to
 * its full-size file; with JavaScript (app/enhance/enhance.js, no React) the link opens
 * the picture in the modal <dialog> below (Escape or the Close button closes it, focus
 * returns to the picture).
 */
export function GalleryGrid({
  images,
  headingLevel = 3,
  eagerCount = 0,
  sizes = "(min-width: 1180px) 380px, (min-width: 992px) 32vw, (min-width: 340px) 50vw, 100vw",
}: {
  images: GalleryImage[];
  headingLevel?: 2 | 3;
  /** How many pictures load at once (those above the fold); the rest load lazily. */
  eagerCount?: number;
  sizes?: string;
}) {
  const t = useT(shellMessages);
  const Caption = headingLevel === 2 ? "h2" : "h3";
  const titleId = useId();
  // Each caption in the page's language where staff wrote it; one in English is marked so, and a note says so above.
  const locale = useLocale();
  const inEnglish = images.some((image) => image.lang !== locale);

  return (
    <>
      <LanguageFallbackNote shown={inEnglish ? { lang: "en", asked: locale, available: ["en"] } : undefined} />
      <ul className="gallery-grid">
        {images.map((image, i) => (
          <li key={image.id} className="gallery-grid__item" lang={image.lang === locale ? undefined : image.lang}>
            <figure className="gallery-grid__figure">
              <a
                className="gallery-grid__link"
                href={image.full.src}
                aria-haspopup="dialog"
                data-zoom-caption={image.caption}
                data-zoom-alt={image.alt}
                data-zoom-width={image.full.width}
                data-zoom-height={image.full.height}
              >
                <img
                  src={image.sources[0]!.src}
                  srcSet={srcSet(image.sources)}
                  sizes={sizes}
                  width={image.full.width}
                  height={image.full.height}
                  alt={image.alt}
                  loading={i < eagerCount ? "eager" : "lazy"}
                  decoding="async"
                />
                <span className="visually-hidden">{t("gallery.enlarge")}</span>
              </a>
              <figcaption>
                <Caption className="gallery-grid__caption">{image.caption}</Caption>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <dialog className="image-dialog" aria-labelledby={titleId} data-zoom-dialog="">
        <div className="image-dialog__body">
          <div className="image-dialog__bar">
            <h2 id={titleId} className="image-dialog__title">
              {t("gallery.dialogTitle")}
            </h2>
            <button type="button" className="image-dialog__close button button--secondary" autoFocus>
              {t("gallery.close")}
              <span className="visually-hidden">{t("gallery.closeContext")}</span>
            </button>
          </div>
          <p className="image-dialog__alt" />
        </div>
      </dialog>
    </>
  );
}
