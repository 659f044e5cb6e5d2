/** Gallery images without the database: types and srcset. */
export interface ImageSource {
  src: string;
  width: number;
  height: number;
}

export interface GalleryImage {
  id: number;
  caption: string;
  alt: string;
  /** The largest file, for the zoom view and for links without JavaScript. */
  full: ImageSource;
  /** Every stored width, smallest first (for srcset). */
  sources: ImageSource[];
  /** The language its caption and alt are in: the page's, or English where staff wrote none in it. */
  lang: "en" | "fil" | "pag" | "ilo";
}

/** "gallery-consumers-960.webp" -> "gallery-consumers-480.webp"; null when the name has no width in it. */
export function smallSiblingName(originalName: string): string | null {
  return /-960\.webp$/.test(originalName) ? originalName.replace(/-960\.webp$/, "-480.webp") : null;
}

/** srcset and sizes for an <img>. */
export function srcSet(sources: ImageSource[]): string {
  return sources.map((s) => `${s.src} ${s.width}w`).join(", ");
}
