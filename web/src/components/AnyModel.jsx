// docs/model.md#any-model-any-rig on the page: the weights' and the KV cache's own precisions
// (each defaults to the matmuls'), and a model from its config.json (loaded when opened).

import { lazy, Opened } from '../ui/lazy.jsx';
import { PrecisionField } from './PrecisionField.jsx';

const ConfigPaste = lazy(
  () => import('./ConfigPaste.jsx').then((m) => m.ConfigPaste),
  'the config reader',
);

const PRECISIONS = [
  [
    'weight_precision',
    'Weight precision',
    "The weights' storage: int4 (AWQ, GPTQ) counts its group scales.",
  ],
  ['kv_precision', 'KV cache precision', "The KV cache's number format (decode)."],
];

export function AnyModel() {
  return (
    <>
      <div class="grid2">
        {PRECISIONS.map(([name, label, hint]) => (
          <PrecisionField key={name} name={name} label={label} hint={hint} />
        ))}
      </div>
      <Opened class="config-paste" summary="From a Hugging Face config.json">
        {() => <ConfigPaste />}
      </Opened>
    </>
  );
}
