/**
 * The small part of Markdown the help pages' sources use (headings, paragraphs, lists, tables,
 * fenced code, inline code, bold, italics and links), read into plain data the console renders
 * as React elements: no HTML string is ever built from the file, so nothing in it can inject markup.
 */

export type Inline =
  | { t: "text"; text: string }
  | { t: "code"; text: string }
  | { t: "strong"; children: Inline[] }
  | { t: "em"; children: Inline[] }
  | { t: "link"; href: string; children: Inline[] };

export type Block =
  | { t: "heading"; level: 1 | 2 | 3; text: Inline[] }
  | { t: "paragraph"; text: Inline[] }
  | { t: "list"; items: Inline[][] }
  | { t: "table"; head: Inline[][]; rows: Inline[][][] }
  | { t: "code"; text: string };

// Earliest match wins; code first so nothing inside backticks is read as emphasis or a link.
const INLINE = /`([^`]+)`|\*\*(.+?)\*\*|\*([^*\s][^*]*?)\*|\[([^\]]+)\]\(([^)\s]+)\)/;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let rest = text;
  while (rest) {
    const m = INLINE.exec(rest);
    if (!m) {
      out.push({ t: "text", text: rest });
      break;
    }
    if (m.index > 0) out.push({ t: "text", text: rest.slice(0, m.index) });
    if (m[1] !== undefined) out.push({ t: "code", text: m[1] });
    else if (m[2] !== undefined) out.push({ t: "strong", children: parseInline(m[2]) });
    else if (m[3] !== undefined) out.push({ t: "em", children: parseInline(m[3]) });
    else out.push({ t: "link", href: m[5]!, children: parseInline(m[4]!) });
    rest = rest.slice(m.index + m[0].length);
  }
  return out;
}

// A table row's cells; a pipe inside backticks belongs to the code, not the row.
const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, "")
    .split(/\|(?=(?:[^`]*`[^`]*`)*[^`]*$)/)
    .map((c) => parseInline(c.trim()));

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i++;
    } else if (line.startsWith("```")) {
      const body: string[] = [];
      for (i++; i < lines.length && !lines[i]!.startsWith("```"); i++) body.push(lines[i]!);
      blocks.push({ t: "code", text: body.join("\n") });
      i++;
    } else if (/^#{1,3} /.test(line)) {
      const level = line.indexOf(" ") as 1 | 2 | 3;
      blocks.push({ t: "heading", level, text: parseInline(line.slice(level + 1).trim()) });
      i++;
    } else if (line.startsWith("|")) {
      const rows: Inline[][][] = [];
      for (; i < lines.length && lines[i]!.startsWith("|"); i++) {
        if (!/^\|[\s|:-]+\|$/.test(lines[i]!.trim())) rows.push(cells(lines[i]!));
      }
      blocks.push({ t: "table", head: rows[0] ?? [], rows: rows.slice(1) });
    } else if (line.startsWith("- ")) {
      const items: string[] = [];
      for (; i < lines.length && (lines[i]!.startsWith("- ") || /^\s+\S/.test(lines[i]!)); i++) {
        if (lines[i]!.startsWith("- ")) items.push(lines[i]!.slice(2).trim());
        else items[items.length - 1] += ` ${lines[i]!.trim()}`;
      }
      blocks.push({ t: "list", items: items.map(parseInline) });
    } else {
      const body: string[] = [];
      for (; i < lines.length && lines[i]!.trim() && !/^(#{1,3} |```|\||- )/.test(lines[i]!); i++) body.push(lines[i]!.trim());
      blocks.push({ t: "paragraph", text: parseInline(body.join(" ")) });
    }
  }
  return blocks;
}
