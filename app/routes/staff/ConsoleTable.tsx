/**
 * A console table: it scrolls sideways on a narrow screen, says what it holds in its caption
 * (shown, or for screen readers only) and names its columns; the rows are the children.
 */
import type { ReactNode } from "react";

export function ConsoleTable({
  caption,
  hideCaption = false,
  columns,
  className,
  children,
}: {
  caption?: ReactNode;
  hideCaption?: boolean;
  columns: readonly ReactNode[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="console-table-wrap">
      <table className={className ? `console-table ${className}` : "console-table"}>
        {caption && <caption className={hideCaption ? "visually-hidden" : undefined}>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c, i) => (
              // The columns are fixed for a table: their place is their key.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <th scope="col" key={i}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** What an import or a save refused, row by row: the row (when the problem has one), the column, the message. */
export function ProblemsTable({
  caption,
  problems,
}: {
  caption?: string;
  problems: readonly { row?: number; column: string; message: string }[];
}) {
  return (
    <ConsoleTable caption={caption} className="import-problems" columns={["Row", "Column", "Problem"]}>
      {problems.map((p, i) => (
        // The problems are listed once, in order: their place is their key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <tr key={i}>
          <td>{p.row ? `Row ${p.row}` : "—"}</td>
          <td>{p.column}</td>
          <td>{p.message}</td>
        </tr>
      ))}
    </ConsoleTable>
  );
}

/** The rows a file import refused (the first ones, when there are many): line, the row's key, reason. */
export function RefusedRows({
  refused,
  refusedCount,
  keyColumn,
  className,
}: {
  refused: readonly { line: number; key: string; reason: string }[];
  refusedCount: number;
  keyColumn: string;
  className?: string;
}) {
  if (refused.length === 0) return null;
  return (
    <ConsoleTable
      caption={<>Refused rows{refusedCount > refused.length ? ` (the first ${refused.length})` : ""}</>}
      className={className}
      columns={["Line", keyColumn, "Reason"]}
    >
      {refused.map((r) => (
        <tr key={r.line}>
          <td>{r.line}</td>
          <td>{r.key}</td>
          <td>{r.reason}</td>
        </tr>
      ))}
    </ConsoleTable>
  );
}
