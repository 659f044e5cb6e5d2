/** News formatting safe for the browser bundle (no database imports). */
import { UI } from "../shared/constants";

/** "A very long title goes here" -> "A very long title go…" (UI.titleTruncateAt characters, then an ellipsis). */
export function truncateTitle(title: string, max: number = UI.titleTruncateAt): string {
  const chars = Array.from(title);
  if (chars.length <= max) return title;
  return `${chars.slice(0, max).join("").trimEnd()}…`;
}

export const newsImageSrc = (id: number) => `/media/news-image/${id}`;
