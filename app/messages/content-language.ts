/** Staff-written content in the visitor's language: the note when it is shown in English, the links to its other versions. */
import { defineMessages } from "../../modules/shared/i18n";

export const contentLanguageMessages = defineMessages({
  en: {
    "contentlang.fallback": (p: { language: string }) => `There is no ${p.language} version of this yet, so it is shown in English.`,
    "contentlang.readIn": "Read this in:",
    "contentlang.shown": "(shown)",
  },
  fil: {
    "contentlang.fallback": (p: { language: string }) => `Wala pang bersiyon nito sa wikang ${p.language}, kaya sa Ingles ito ipinapakita.`,
    "contentlang.readIn": "Basahin ito sa:",
    "contentlang.shown": "(ipinapakita)",
  },
});
