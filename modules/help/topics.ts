/**
 * The console's help pages: one list of topics, so every console text that points staff to
 * instructions links to a page they can open (/staff/help/<topic>), never to a file in the repository.
 */
export const HELP_TOPICS = {
  "bill-files": { title: "Bill and payment files" },
} as const;

export type HelpTopic = keyof typeof HELP_TOPICS;

export const helpPath = (topic: HelpTopic, anchor?: string) => `/staff/help/${topic}${anchor ? `#${anchor}` : ""}`;

export const isHelpTopic = (topic: string): topic is HelpTopic => Object.hasOwn(HELP_TOPICS, topic);

/** The files a help page offers to download (its Markdown links to them by name, next to it). */
export const HELP_FILES = ["bills-template.csv", "payments-template.csv"] as const;
export type HelpFile = (typeof HELP_FILES)[number];
export const isHelpFile = (name: string): name is HelpFile => (HELP_FILES as readonly string[]).includes(name);
