// A model from its config.json (docs/model.md#any-model-any-rig): pasted or dropped, read by the
// core (hf_config) into the workload's own fields, which the form and the URL then keep; the text
// itself is never kept. A text past the core's JSON limit is refused by its size before it is
// parsed; on any refusal the text stays where it was typed.

import { useRef, useState } from 'preact/hooks';
import { loadApi } from '../platform/api.js';
import { useForm } from '../ui/context.js';
import * as fmt from '../words/format.js';
import { Messages } from './Messages.jsx';

export function ConfigPaste() {
  const { model, set, last } = useForm();
  const box = useRef(null);
  const [said, say] = useState({ ok: '', errors: [] });
  const fail = (errors) => say({ ok: '', errors });
  const limit = model.limits.max_json_bytes;
  const tooLarge = (bytes) =>
    bytes > limit
      ? `This text is ${fmt.bytes(bytes)}; a config.json is a few KB and at most ${fmt.bytes(limit)} is read.`
      : '';

  const use = async () => {
    const text = box.current.value;
    const large = tooLarge(text.length); // UTF-16 units: at most the bytes, so a quick lower bound
    if (large) return fail([large]);
    let config;
    try {
      config = JSON.parse(text);
    } catch (e) {
      return fail([`Not JSON: ${e.message}`]);
    }
    if (!last) return fail(['Fix the form first: the config replaces its workload.']);
    const api = await loadApi();
    const checked = api.check({ ...last, workload: { hf_config: config } });
    if (checked.errors) return fail(checked.errors.map((e) => `${e.field}: ${e.message}`));
    const { hf_config_keys: keys, ...workload } = checked.scenario.workload;
    set(['workload'], workload);
    say({ ok: `Read ${keys}.`, errors: [] });
  };

  const drop = async (e) => {
    e.preventDefault();
    const file = e.dataTransfer?.files?.[0];
    if (!file) return;
    const large = tooLarge(file.size);
    if (large) return fail([large]);
    box.current.value = await file.text();
    use();
  };

  return (
    <div class="field">
      <label for="in-hf-config">config.json (paste or drop)</label>
      <textarea
        id="in-hf-config"
        ref={box}
        rows="5"
        spellcheck={false}
        aria-describedby="hint-hf-config"
        onDragOver={(e) => e.preventDefault()}
        onDrop={drop}
      />
      <p class="hint" id="hint-hf-config" aria-live="polite">
        {said.errors.length ? '' : said.ok || 'The shapes become the workload; explicit edits win.'}
      </p>
      <Messages errors={said.errors.map((message) => ({ message }))} role="alert" />
      <button type="button" class="small" onClick={use}>
        Use this config
      </button>
    </div>
  );
}
