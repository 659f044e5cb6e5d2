/**
 * Where each help page's words live: the same Markdown files the repository documents the formats
 * in (bundled into the server at build time), so the console and the documentation cannot drift apart.
 */
import billImport from "../../docs/bill-import.md?raw";
import billsTemplate from "../../docs/templates/bills-template.csv?raw";
import paymentsTemplate from "../../docs/templates/payments-template.csv?raw";
import { type Block, parseMarkdown } from "./markdown";
import type { HelpFile, HelpTopic } from "./topics";

const SOURCES: Record<HelpTopic, string> = { "bill-files": billImport };
const FILES: Record<HelpFile, string> = { "bills-template.csv": billsTemplate, "payments-template.csv": paymentsTemplate };

/** The topic's page as blocks; its links to templates (`templates/x.csv`) point at the console's download. */
export function helpBlocks(topic: HelpTopic): Block[] {
  return parseMarkdown(SOURCES[topic].replace(/\]\(templates\//g, "](/staff/help/files/"));
}

export const helpFile = (name: HelpFile) => FILES[name];
