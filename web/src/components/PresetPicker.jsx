// The scenario presets of the catalogue; picking one fills the whole form (a new history entry).
// Once edited, the form says which preset it started from.

import { useContext } from 'preact/hooks';
import { ActionsContext, ModelContext } from '../context.js';

export function PresetPicker({ preset, edited }) {
  const { catalog } = useContext(ModelContext);
  const { pickPreset } = useContext(ActionsContext);
  const from = catalog.presets.find((p) => p.key === preset);
  return (
    <div class="field preset">
      <label for="in-preset">Scenario</label>
      <select
        id="in-preset"
        value={edited ? '' : preset}
        onInput={(e) => pickPreset(e.currentTarget.value)}
      >
        {edited && <option value="">Edited: {from.title}</option>}
        {catalog.presets.map((p) => (
          <option key={p.key} value={p.key}>
            {p.title}
          </option>
        ))}
      </select>
      <p class="hint">
        {edited
          ? `Your own scenario, edited from “${from.title}”: pick a preset to start over from one.`
          : from.lesson}
      </p>
    </div>
  );
}
