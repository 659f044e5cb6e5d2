import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import "./Carousel.css";

/**
 * A carousel built on CSS scroll-snap: without JavaScript it is a row you can
 * scroll or swipe; with JavaScript it autoplays, pauses on hover and focus, has
 * previous/next and pause/play buttons, and never autoplays under reduced motion.
 * A step glides over `speedMs` (the spec's "smart speed"); swiping stays native.
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
  const hoverRef = useRef(false);
  const focusRef = useRef(false);
  const animRef = useRef<number | null>(null);
  const [enhanced, setEnhanced] = useState(false);
  /** Autoplay is on unless the visitor stopped it or prefers reduced motion. */
  const [playing, setPlaying] = useState(false);

  const reducedMotion = () => typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  const glideTo = useCallback(
    (left: number) => {
      const track = trackRef.current;
      if (!track) return;
      if (animRef.current !== null) cancelAnimationFrame(animRef.current);
      if (reducedMotion() || speedMs <= 0) {
        track.scrollLeft = left;
        return;
      }
      const from = track.scrollLeft;
      const start = performance.now();
      // Snapping would fight the animation: turn it off while gliding.
      track.style.scrollSnapType = "none";
      const frame = (now: number) => {
        const t = Math.min(1, (now - start) / speedMs);
        const eased = t < 0.5 ? 2 * t * t : 1 - Math.pow(-2 * t + 2, 2) / 2;
        track.scrollLeft = from + (left - from) * eased;
        if (t < 1) animRef.current = requestAnimationFrame(frame);
        else {
          animRef.current = null;
          track.style.scrollSnapType = "";
        }
      };
      animRef.current = requestAnimationFrame(frame);
    },
    [speedMs],
  );

  const step = useCallback(
    (direction: 1 | -1) => {
      const track = trackRef.current;
      if (!track) return;
      const slide = track.firstElementChild as HTMLElement | null;
      const width = slide?.getBoundingClientRect().width || track.clientWidth;
      const max = track.scrollWidth - track.clientWidth;
      const current = Math.round(track.scrollLeft / width) * width;
      let next = current + direction * width;
      if (direction === 1 && track.scrollLeft >= max - 2) next = 0;
      else if (direction === -1 && track.scrollLeft <= 2) next = max;
      glideTo(Math.max(0, Math.min(max, next)));
    },
    [glideTo],
  );

  useEffect(() => {
    setEnhanced(true);
    setPlaying(!reducedMotion());
    return () => {
      if (animRef.current !== null) cancelAnimationFrame(animRef.current);
    };
  }, []);

  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => {
      if (!hoverRef.current && !focusRef.current && document.visibilityState === "visible") step(1);
    }, autoplayMs);
    return () => window.clearInterval(timer);
  }, [playing, autoplayMs, step]);

  return (
    <section
      className={`carousel ${className}`}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => (hoverRef.current = true)}
      onMouseLeave={() => (hoverRef.current = false)}
      onFocus={() => (focusRef.current = true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) focusRef.current = false;
      }}
      style={{ ["--per-view-sm" as string]: perView[0], ["--per-view-md" as string]: perView[1], ["--per-view-lg" as string]: perView[2], ["--carousel-speed" as string]: `${speedMs}ms` }}
    >
      {/* Announce slide changes only when the visitor moves them, not on every autoplay tick. */}
      <ul className="carousel__track" ref={trackRef} aria-live={playing ? "off" : "polite"}>
        {slides.map((slide, i) => (
          <li className="carousel__slide" key={i} aria-roledescription="slide" aria-label={`${i + 1} of ${slides.length}`}>
            {slide}
          </li>
        ))}
      </ul>
      {enhanced && slides.length > 1 && (
        <div className="carousel__controls">
          <button type="button" className="carousel__button" onClick={() => step(-1)} aria-label={`Previous: ${label}`}>
            <span aria-hidden="true">‹</span>
          </button>
          {!reducedMotion() && (
            <button type="button" className="carousel__button" onClick={() => setPlaying((p) => !p)} aria-label={playing ? `Stop autoplay: ${label}` : `Start autoplay: ${label}`}>
              {playing ? (
                <svg aria-hidden="true" focusable="false" width="14" height="14" viewBox="0 0 14 14">
                  <rect x="2" y="1" width="3.5" height="12" fill="currentColor" />
                  <rect x="8.5" y="1" width="3.5" height="12" fill="currentColor" />
                </svg>
              ) : (
                <svg aria-hidden="true" focusable="false" width="14" height="14" viewBox="0 0 14 14">
                  <path d="M3 1 L13 7 L3 13 Z" fill="currentColor" />
                </svg>
              )}
            </button>
          )}
          <button type="button" className="carousel__button" onClick={() => step(1)} aria-label={`Next: ${label}`}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </section>
  );
}
