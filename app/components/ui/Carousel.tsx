import { type ReactNode, useEffect, useRef, useState } from "react";

/**
 * A carousel built on CSS scroll-snap: without JavaScript it is a row you can
 * scroll or swipe; with JavaScript it autoplays, pauses on hover and focus, has
 * previous/next buttons, and never autoplays under reduced motion.
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
  const trackRef = useRef<HTMLUListElement>(null);
  const pausedRef = useRef(false);
  const [enhanced, setEnhanced] = useState(false);

  const step = (direction: 1 | -1) => {
    const track = trackRef.current;
    if (!track) return;
    const slide = track.firstElementChild as HTMLElement | null;
    const width = slide?.getBoundingClientRect().width ?? track.clientWidth;
    const atEnd = track.scrollLeft + track.clientWidth >= track.scrollWidth - 2;
    const atStart = track.scrollLeft <= 2;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const behavior: ScrollBehavior = reduce ? "auto" : "smooth";
    if (direction === 1 && atEnd) track.scrollTo({ left: 0, behavior });
    else if (direction === -1 && atStart) track.scrollTo({ left: track.scrollWidth, behavior });
    else track.scrollBy({ left: direction * width, behavior });
  };

  useEffect(() => {
    setEnhanced(true);
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const timer = window.setInterval(() => {
      if (!pausedRef.current && document.visibilityState === "visible") step(1);
    }, autoplayMs);
    return () => window.clearInterval(timer);
  }, [autoplayMs]);

  const pause = () => (pausedRef.current = true);
  const resume = () => (pausedRef.current = false);

  return (
    <section
      className={`carousel ${className}`}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={resume}
      style={{ ["--per-view-sm" as string]: perView[0], ["--per-view-md" as string]: perView[1], ["--per-view-lg" as string]: perView[2], ["--carousel-speed" as string]: `${speedMs}ms` }}
    >
      <ul className="carousel__track" ref={trackRef}>
        {slides.map((slide, i) => (
          <li className="carousel__slide" key={i} aria-roledescription="slide" aria-label={`${i + 1} of ${slides.length}`}>
            {slide}
          </li>
        ))}
      </ul>
      {enhanced && (
        <div className="carousel__controls">
          <button type="button" className="carousel__button" onClick={() => step(-1)} aria-label={`Previous: ${label}`}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="carousel__button" onClick={() => step(1)} aria-label={`Next: ${label}`}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </section>
  );
}
