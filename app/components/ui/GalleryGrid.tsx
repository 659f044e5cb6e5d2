import { useId, useRef, useState, type MouseEvent } from "react";
import { flushSync } from "react-dom";
import type { GalleryImage } from "../../../core/gallery";
import { srcSet } from "../../../core/gallery";
import "./GalleryGrid.css";

/**
 * Captioned pictures in a grid. Without JavaScript each picture is a link to
 * its full-size file; with JavaScript the link opens the picture in a modal
 * <dialog> (Escape or the Close button closes it, focus returns to the picture).
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
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const [current, setCurrent] = useState<GalleryImage | null>(null);
  const Caption = headingLevel === 2 ? "h2" : "h3";
  const titleId = useId();

  const open = (event: MouseEvent<HTMLAnchorElement>, image: GalleryImage) => {
    const dialog = dialogRef.current;
    // Let the browser follow the link when it cannot show a modal, or when asked for a new tab.
    if (!dialog || typeof dialog.showModal !== "function" || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    openerRef.current = event.currentTarget;
    // Render the picture first, so showModal finds the Close button to focus.
    flushSync(() => setCurrent(image));
    if (!dialog.open) dialog.showModal();
  };

  const close = () => dialogRef.current?.close();

  return (
    <>
      <ul className="gallery-grid">
        {images.map((image, i) => (
          <li key={image.id} className="gallery-grid__item">
            <figure className="gallery-grid__figure">
              <a className="gallery-grid__link" href={image.full.src} onClick={(e) => open(e, image)} aria-haspopup="dialog">
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
                <span className="visually-hidden"> (enlarge)</span>
              </a>
              <figcaption>
                <Caption className="gallery-grid__caption">{image.caption}</Caption>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <dialog
        ref={dialogRef}
        className="image-dialog"
        aria-labelledby={titleId}
        onClose={() => {
          openerRef.current?.focus();
        }}
        onClick={(e) => {
          // A click on the backdrop (the dialog element itself, outside its box) closes it.
          if (e.target === e.currentTarget) close();
        }}
      >
        {current && (
          <div className="image-dialog__body">
            <div className="image-dialog__bar">
              <h2 id={titleId} className="image-dialog__title">
                {current.caption}
              </h2>
              <button type="button" className="image-dialog__close button button--secondary" onClick={close} autoFocus>
                Close<span className="visually-hidden"> the enlarged picture</span>
              </button>
            </div>
            <img src={current.full.src} width={current.full.width} height={current.full.height} alt={current.alt} />
            <p className="image-dialog__alt">{current.alt}</p>
          </div>
        )}
      </dialog>
    </>
  );
}
