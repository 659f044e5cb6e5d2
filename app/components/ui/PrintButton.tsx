/**
 * A print button once scripts run (app/enhance/enhance.js shows it); before that (or
 * without them) a plain instruction, since a button that does nothing would mislead.
 */
export function PrintButton({ label = "Print" }: { label?: string }) {
  return (
    <p className="print-button no-print" data-print-button="">
      <button type="button" className="button" hidden>
        {label}
      </button>
      <span>To print, use your browser's Print command (Ctrl+P, or Share › Print on a phone).</span>
    </p>
  );
}
