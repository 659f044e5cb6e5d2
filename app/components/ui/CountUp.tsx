const format = (n: number) => n.toLocaleString("en-US");

/**
 * A number that counts up from zero when it scrolls into view (app/enhance/enhance.js,
 * no React). The server HTML carries the final number; screen readers always get the
 * final number (the moving one is hidden from them); under reduced motion it does not move.
 */
export function CountUp({ value, durationMs }: { value: number; durationMs: number }) {
  return (
    <span className="count-up" data-count-up={value} data-duration-ms={durationMs}>
      <span aria-hidden="true">{format(value)}</span>
      <span className="visually-hidden">{format(value)}</span>
    </span>
  );
}
