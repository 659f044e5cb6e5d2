import type { ReactNode } from "react";
import { useT } from "../../i18n";
import { shellMessages } from "../../messages/shell";
import "./Carousel.css";

/**
 * A carousel built on CSS scroll-snap: without JavaScript it is a row you can
 * scroll or swipe. The small plain module app/enhance/enhance.js (no React) shows the
 * previous/next and pause/play buttons rendered here hidden, autoplays every
 * `autoplayMs` (paused on hover and focus, never under reduced motion) and glides a step
 * over `speedMs` (the spec's "smart speed"); swiping stays native.
 * `perView` sets how many slides show by width: [phone, tablet, desktop].
 */
export function Carousel({
  label,
  slides,
  autoplayMs,
  speedMs,
  perView = [1, 1, 1],
  className = "",
}: {
  label: string;
  slides: ReactNode[];
  autoplayMs: number;
  speedMs: number;
  perView?: [number, number, number];
  className?: string;
}) {
  const t = useT(shellMessages);
  return (
    <section
      className={`carousel ${className}`}
      aria-roledescription="carousel"
      aria-label={label}
      data-carousel=""
      data-autoplay-ms={autoplayMs}
      data-speed-ms={speedMs}
      style={{
        ["--per-view-sm" as string]: perView[0],
        ["--per-view-md" as string]: perView[1],
        ["--per-view-lg" as string]: perView[2],
        ["--carousel-speed" as string]: `${speedMs}ms`,
      }}
    >
      {/* Slide changes are announced only when the visitor moves them (the module sets aria-live). */}
      {/* Focusable, so a keyboard can scroll it even when its slides hold no link (WCAG 2.1.1). */}
      <ul className="carousel__track" tabIndex={0} aria-label={label} aria-live="polite">
        {slides.map((slide, i) => (
          <li
            className="carousel__slide"
            key={i}
            aria-roledescription="slide"
            aria-label={t("carousel.slide", { n: i + 1, of: slides.length })}
          >
            {slide}
          </li>
        ))}
      </ul>
      {slides.length > 1 && (
        <div className="carousel__controls" hidden>
          <button type="button" className="carousel__button" data-carousel-step="-1" aria-label={t("carousel.previous", { label })}>
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="carousel__button"
            data-carousel-play=""
            aria-label={t("carousel.start", { label })}
            data-start-label={t("carousel.start", { label })}
            data-stop-label={t("carousel.stop", { label })}
          >
            <span data-icon="pause" hidden>
              <svg aria-hidden="true" focusable="false" width="14" height="14" viewBox="0 0 14 14">
                <rect x="2" y="1" width="3.5" height="12" fill="currentColor" />
                <rect x="8.5" y="1" width="3.5" height="12" fill="currentColor" />
              </svg>
            </span>
            <span data-icon="play">
              <svg aria-hidden="true" focusable="false" width="14" height="14" viewBox="0 0 14 14">
                <path d="M3 1 L13 7 L3 13 Z" fill="currentColor" />
              </svg>
            </span>
          </button>
          <button type="button" className="carousel__button" data-carousel-step="1" aria-label={t("carousel.next", { label })}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </section>
  );
}
