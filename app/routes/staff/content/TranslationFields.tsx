/**
 * The Filipino, Pangasinan and Ilocano versions of an item's text in the console's editors
 * (advisories and bids, news items, power interruptions): one closed section per language,
 * opened when it has text or an error, each field beside its English one in meaning, saved by
 * the editor's own save (modules/content/translations.ts). And the list's "Missing:" mark.
 */
import {
  CONTENT_LANGUAGES,
  type ContentLanguage,
  LANGUAGE_NAMES,
  type TranslatedField,
  translationKey,
} from "../../../../modules/content/translations";
import { toEditableText } from "../../../../modules/shared/html";
import { Field } from "../../../components/ui/Field";
import { RICH_TEXT_HINT } from "./PublicationFields";

/** The versions as the form shows them: `fil.title` → text, rich fields as editable text. */
export function translationValues(
  snapshot: Record<string, unknown> | null | undefined,
  fields: readonly Pick<TranslatedField, "name" | "rich">[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const lang of CONTENT_LANGUAGES)
    for (const f of fields) {
      const key = translationKey(lang, f.name);
      const v = typeof snapshot?.[key] === "string" ? (snapshot[key] as string) : "";
      out[key] = f.rich ? toEditableText(v) : v;
    }
  return out;
}

export function TranslationFields({
  fields,
  values,
  errors,
}: {
  fields: readonly Pick<TranslatedField, "name" | "label" | "rich" | "multiline">[];
  values: Readonly<Record<string, unknown>>;
  errors: Record<string, string | undefined>;
}) {
  const text = (key: string) => (typeof values[key] === "string" ? (values[key] as string) : "");
  return (
    <section className="translations" aria-labelledby="translations-title">
      <h2 id="translations-title" className="translations__title">
        Other languages
      </h2>
      <p className="field__hint">
        Optional. Leave a language empty when there is no version in it: the public page then shows the English and says so.
      </p>
      {CONTENT_LANGUAGES.map((lang) => {
        const name = LANGUAGE_NAMES[lang].en;
        const written = fields.some((f) => text(translationKey(lang, f.name)).trim());
        const wrong = fields.some((f) => errors[translationKey(lang, f.name)]);
        return (
          <details key={lang} className="translations__lang" open={written || wrong || undefined}>
            <summary>
              {name} <span className="translations__state">{written ? "written" : "not written"}</span>
            </summary>
            {fields.map((f) => {
              const key = translationKey(lang, f.name);
              return (
                <Field key={key} id={key} label={`${f.label} in ${name}`} hint={f.rich ? RICH_TEXT_HINT : undefined} error={errors[key]}>
                  {(p) =>
                    f.rich || f.multiline ? (
                      <textarea {...p} lang={lang} rows={f.rich ? 6 : 4} defaultValue={text(key)} />
                    ) : (
                      <input {...p} lang={lang} type="text" defaultValue={text(key)} />
                    )
                  }
                </Field>
              );
            })}
          </details>
        );
      })}
    </section>
  );
}

/** "Missing: Pangasinan, Ilocano", or nothing when every version is written. */
export function MissingTranslations({ missing }: { missing: readonly ContentLanguage[] | undefined }) {
  if (!missing?.length) return null;
  return <p className="content-item__missing">{`Missing: ${missing.map((l) => LANGUAGE_NAMES[l].en).join(", ")}`}</p>;
}

/** The list filter's choices: items missing one language. */
export const MISSING_OPTIONS = CONTENT_LANGUAGES.map((l) => ({ value: l, label: `No ${LANGUAGE_NAMES[l].en} version` }));

/** The list filter (?missing=fil) as a language, or "" for any. */
export const missingParam = (v: string | null): ContentLanguage | "" =>
  (CONTENT_LANGUAGES as readonly string[]).includes(v ?? "") ? (v as ContentLanguage) : "";
