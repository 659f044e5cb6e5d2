/** Towns and barangays as checkboxes, one disclosure per town: works without JavaScript. */
import type { Town } from "../../../modules/shared/constants";
import { FieldSet } from "../../components/ui/Field";
import { useT } from "../../i18n";
import { alertMessages } from "../../messages/alerts";

export function AreaPicker({
  choices,
  selected,
  error,
}: {
  choices: { town: Town; barangays: { id: number; name: string }[] }[];
  selected: Set<string>;
  error?: string;
}) {
  const t = useT(alertMessages);
  return (
    <FieldSet
      id="areas"
      legend={t("alerts.areas")}
      legendClassName="field__label"
      hint={t("alerts.areas.hint")}
      error={error}
      className="field alerts-areas"
    >
      {choices.map(({ town, barangays }) => {
        const open = selected.has(town) || barangays.some((b) => selected.has(`${town}:${b.id}`));
        return (
          <details key={town} className="alerts-areas__town" open={open || undefined}>
            <summary>{town}</summary>
            <label className="alerts-check alerts-check--town">
              <input type="checkbox" name="area" value={town} defaultChecked={selected.has(town)} /> {t("alerts.areas.all", { town })}
            </label>
            <div className="alerts-areas__list">
              {barangays.map((b) => (
                <label key={b.id} className="alerts-check">
                  <input type="checkbox" name="area" value={`${town}:${b.id}`} defaultChecked={selected.has(`${town}:${b.id}`)} /> {b.name}
                </label>
              ))}
            </div>
          </details>
        );
      })}
    </FieldSet>
  );
}
