/**
 * The messages a console page shows beside its fields, by field name (the action reads the
 * form with `readPosted` / `readForm`, see form.server.ts). Optional entries, so a page can
 * look one up by name.
 */
export type FieldErrors = Record<string, string | undefined>;
