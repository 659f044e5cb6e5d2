/**
 * /staff/help/<topic>: instructions staff can open from the console (the billing file formats, …),
 * read from the same Markdown the repository documents them in. Any signed-in staff member; plain
 * HTML, so it reads the same without JavaScript and its tables stack on a phone.
 */
import { data, Link } from "react-router";
import type { Block, Inline } from "../../../modules/help/markdown";
import { helpBlocks } from "../../../modules/help/sources.server";
import { HELP_TOPICS, isHelpTopic } from "../../../modules/help/topics";
import type { Route } from "./+types/help";
import { ConsoleTable } from "./ConsoleTable";
import { requireStaff } from "./guard.server";
import type { ConsoleHandle } from "./nav";
import { consoleMeta } from "./title";

export const handle: ConsoleHandle = { staff: "signed-in" };

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const topic = args.params.topic;
  if (!isHelpTopic(topic)) throw data(null, { status: 404 });
  return { title: HELP_TOPICS[topic].title, blocks: helpBlocks(topic) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => consoleMeta(loaderData ? `Help: ${loaderData.title}` : "Help");

const plain = (inline: Inline[]): string => inline.map((n) => (n.t === "text" || n.t === "code" ? n.text : plain(n.children))).join("");
// A heading's anchor, so a console text can link to the part it means (#online-payments).
const slug = (inline: Inline[]) =>
  plain(inline)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

function Text({ inline }: { inline: Inline[] }) {
  return inline.map((n, i) => {
    // A line's pieces never move: their place is their key.
    const key = i;
    if (n.t === "text") return n.text;
    if (n.t === "code") return <code key={key}>{n.text}</code>;
    if (n.t === "strong")
      return (
        <strong key={key}>
          <Text inline={n.children} />
        </strong>
      );
    if (n.t === "em")
      return (
        <em key={key}>
          <Text inline={n.children} />
        </em>
      );
    // Links inside the console open as console pages; any other address is a plain link.
    return n.href.startsWith("/staff/") && !n.href.startsWith("/staff/help/files/") ? (
      <Link key={key} to={n.href}>
        <Text inline={n.children} />
      </Link>
    ) : (
      <a key={key} href={n.href} download={n.href.startsWith("/staff/help/files/") || undefined}>
        <Text inline={n.children} />
      </a>
    );
  });
}

function HelpBlock({ block, first }: { block: Block; first: boolean }) {
  switch (block.t) {
    case "heading": {
      // The page's own title is the console's h1; the file's first heading gives way to it.
      if (first) return null;
      const Tag = block.level === 3 ? "h3" : "h2";
      return (
        <Tag id={slug(block.text)}>
          <Text inline={block.text} />
        </Tag>
      );
    }
    case "paragraph":
      return (
        <p>
          <Text inline={block.text} />
        </p>
      );
    case "list":
      return (
        <ul>
          {block.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list's items never move
            <li key={i}>
              <Text inline={item} />
            </li>
          ))}
        </ul>
      );
    case "code":
      return (
        <pre className="help-code">
          <code>{block.text}</code>
        </pre>
      );
    case "table":
      return (
        <ConsoleTable
          stack
          columns={block.head.map((h, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns never move
            <Text key={i} inline={h} />
          ))}
          labels={block.head.map(plain)}
        >
          {block.rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows never move
            <tr key={r}>
              {row.map((cell, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the cells never move
                <td key={c}>
                  <Text inline={cell} />
                </td>
              ))}
            </tr>
          ))}
        </ConsoleTable>
      );
  }
}

export default function HelpPage({ loaderData: d }: Route.ComponentProps) {
  return (
    <article className="help-page">
      <h1>{d.title}</h1>
      {d.blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the page's blocks never move
        <HelpBlock key={i} block={block} first={i === 0 && block.t === "heading"} />
      ))}
    </article>
  );
}
