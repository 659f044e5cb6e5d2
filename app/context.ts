/**
 * The key under which the server hands every loader and action its services (AppServices,
 * server/deps.ts: the database and the services around it). Loaders read them with
 * `services(context)`, never from a global.
 */

import { createContext } from "react-router";
import type { AppServices } from "../server/deps";

export type { AppServices };

export const appContext = createContext<AppServices>();

export function services(context: { get: (c: typeof appContext) => AppServices }): AppServices {
  return context.get(appContext);
}
