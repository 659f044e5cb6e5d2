import type { MetaDescriptor } from "react-router";
import { COOPERATIVE } from "../../../modules/shared/constants";

/** One place for the console's title pattern: every console page's `meta` export returns this. */
export const consoleMeta = (page: string): MetaDescriptor[] => [{ title: `${page} | ${COOPERATIVE.shortName} staff` }];
