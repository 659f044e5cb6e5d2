import { useEffect, useState } from "react";

/**
 * A print button once scripts run; before that (or without them) a plain
 * instruction, since a button that does nothing would mislead.
 */
export function PrintButton({ label = "Print" }: { label?: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <p className="print-button no-print">
      {ready ? (
        <button type="button" className="button" onClick={() => window.print()}>
          {label}
        </button>
      ) : (
        <span>To print, use your browser's Print command (Ctrl+P, or Share › Print on a phone).</span>
      )}
    </p>
  );
}
