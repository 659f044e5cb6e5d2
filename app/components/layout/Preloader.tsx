/**
 * The preloader: a thin bar at the top that fades out after a 400 ms delay and a
 * 400 ms fade, in CSS alone. It is shown only once the `js` class is on <html>, it
 * never covers the page, and under reduced motion it is not shown at all.
 */
export function Preloader() {
  return <div className="preloader" aria-hidden="true" />;
}
