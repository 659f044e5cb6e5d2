/**
 * What the server hands every loader and action: the database and the services
 * around it. Loaders read it with `context.get(appContext)`, never from a global.
 */
import { createContext } from "react-router";
import type { Db } from "../db/client";

export interface AppServices {
  db: Db;
  /** The CSP nonce of this response, for the few inline scripts. */
  nonce: string;
  /** The site's own origin, e.g. https://www.example.ph, for absolute links. */
  publicUrl: string;
  storageDir: string;
  /** Publishes that content changed, so caches drop it (other processes too, through Redis). */
  contentChanged(area: string): Promise<void>;
  /** Server-side services the forms need; each issue adds what it uses. */
  extras: Record<string, unknown>;
}

export const appContext = createContext<AppServices>();

export function services(context: { get: (c: typeof appContext) => AppServices }): AppServices {
  return context.get(appContext);
}
