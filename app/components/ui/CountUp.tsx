import { useEffect, useRef, useState } from "react";

const format = (n: number) => n.toLocaleString("en-US");

/**
 * A number that counts up from zero when it scrolls into view. The server HTML
 * carries the final number; screen readers always get the final number (the
 * moving one is hidden from them); under reduced motion it does not move.
 */
export function CountUp({ value, durationMs }: { value: number; durationMs: number }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [shown, setShown] = useState(value);

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let frame: number | null = null;
    setShown(0);
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        const start = performance.now();
        const tick = (now: number) => {
          const t = Math.min(1, (now - start) / durationMs);
          // Ease out: fast at first, settling on the final number.
          setShown(Math.round(value * (1 - Math.pow(1 - t, 3))));
          frame = t < 1 ? requestAnimationFrame(tick) : null;
        };
        frame = requestAnimationFrame(tick);
      },
      { threshold: 0.4 },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      if (frame !== null) cancelAnimationFrame(frame);
      setShown(value);
    };
  }, [value, durationMs]);

  return (
    <span className="count-up" ref={ref}>
      <span aria-hidden="true">{format(shown)}</span>
      <span className="visually-hidden">{format(value)}</span>
    </span>
  );
}
