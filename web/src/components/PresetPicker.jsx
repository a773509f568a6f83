// The scenario presets of the catalogue; picking one fills the whole form (a new history entry).

export function PresetPicker({ v }) {
  const catalog = v.catalog;
  const key = v.presetKey;
  const preset = catalog.presets.find((p) => p.key === key);
  return (
    <div class="field preset">
      <label for="in-preset">Scenario</label>
      <select id="in-preset" value={key} onInput={(e) => v.act.pickPreset(e.currentTarget.value)}>
        {!key && <option value="">Custom scenario (edited)</option>}
        {catalog.presets.map((p) => (
          <option key={p.key} value={p.key}>
            {p.title}
          </option>
        ))}
      </select>
      <p class="hint">{preset ? preset.lesson : 'Your own scenario: pick a preset to start over from one.'}</p>
    </div>
  );
}
