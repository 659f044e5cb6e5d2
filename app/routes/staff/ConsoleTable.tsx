/**
 * A console table: it says what it holds in its caption (shown, or for screen readers only) and
 * names its columns; the rows are the children. On a phone its rows stack (each cell a line led
 * by its column's name) when `stack` is set, so no column a task needs is off-screen at 375 px; without it
 * the grid (a table of two or three narrow columns, or one whose page lays out its own phone view),
 * scrolling sideways if it must.
 */
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";

type Cell = ReactElement<{ "data-label"?: string; children?: ReactNode }>;

/** Each row's cells get their column's name (data-label) for the stacked view, unless they have one. */
function labelCells(rows: ReactNode, columns: readonly ReactNode[], labels?: readonly string[]): ReactNode {
  return Children.map(rows, (row) => {
    if (!isValidElement<{ children?: ReactNode }>(row) || row.type !== "tr") return row;
    let column = 0;
    const cells = Children.map(row.props.children, (cell) => {
      if (!isValidElement(cell) || (cell.type !== "td" && cell.type !== "th")) return cell;
      const c = cell as Cell;
      const name = labels?.[column] ?? columns[column];
      column += 1;
      return typeof name === "string" && name && c.props["data-label"] === undefined ? cloneElement(c, { "data-label": name }) : c;
    });
    return cloneElement(row, undefined, cells);
  });
}

export function ConsoleTable({
  caption,
  hideCaption = false,
  columns,
  labels,
  className,
  stack = false,
  children,
}: {
  caption?: ReactNode;
  hideCaption?: boolean;
  columns: readonly ReactNode[];
  /** The columns' names in words, where a column's heading is not plain text. */
  labels?: readonly string[];
  className?: string;
  /** Stack the rows on a phone (each cell led by its column's name). */
  stack?: boolean;
  children: ReactNode;
}) {
  const classes = ["console-table", stack ? "console-table--stacked" : "", className ?? ""].filter(Boolean).join(" ");
  return (
    <div className="console-table-wrap">
      <table className={classes}>
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
        <tbody>{stack ? labelCells(children, columns, labels) : children}</tbody>
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
