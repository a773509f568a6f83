// The scenario presets of the catalogue; picking one fills the whole form (a new history entry).
// Once edited, the form says which preset it started from.

import { useForm } from '../ui/context.js';
import { optionsOf } from './Field.jsx';

export function PresetPicker({ preset, edited }) {
  const { model, pickPreset } = useForm();
  const { presets } = model.catalog;
  const from = presets.find((p) => p.key === preset);
  return (
    <div class="field preset">
      <label for="in-preset">Scenario</label>
      <select
        id="in-preset"
        value={edited ? '' : preset}
        onInput={(e) => pickPreset(e.currentTarget.value)}
      >
        {edited && <option value="">Edited: {from.title}</option>}
        {optionsOf(presets.map((p) => [p.key, p.title]))}
      </select>
      <p class="hint">
        {edited
          ? `Your own scenario, edited from “${from.title}”: pick a preset to start over from one.`
          : from.lesson}
      </p>
    </div>
  );
}
