// The question in brief, first in the form (on a phone right under the verdict): the model, the
// chip, the TP size with its quick picks, the tokens and the pass.

import { useForm } from '../ui/context.js';
import { CatalogPick } from './CatalogPick.jsx';
import { KEY_RUN_FIELDS, RunFieldList } from './RunFields.jsx';

export function KeyFields() {
  const { model } = useForm();
  return (
    <fieldset class="key-fields">
      <legend>Model, chip and load</legend>
      <CatalogPick
        path={['workload']}
        label="Model"
        entries={model.catalog.workloads}
        what="workload"
      />
      <CatalogPick
        path={['accelerator']}
        label="Chip"
        entries={model.catalog.accelerators}
        what="accelerator"
      />
      <RunFieldList keep={(name) => KEY_RUN_FIELDS.includes(name)} />
    </fieldset>
  );
}
