// Every field of SPEC section 2, and the messages that no single input owns.

import { AcceleratorFields } from './AcceleratorFields.jsx';
import { LinksEditor } from './LinksEditor.jsx';
import { Messages } from './Messages.jsx';
import { RunFields } from './RunFields.jsx';
import { WorkloadFields } from './WorkloadFields.jsx';

export function ScenarioForm({ v }) {
  return (
    <form class="scenario" aria-label="Scenario" onSubmit={(e) => e.preventDefault()} noValidate>
      <Messages id="other" errors={v.errors['']} warnings={v.warnings['']} />
      <RunFields v={v} />
      <LinksEditor v={v} />
      <AcceleratorFields v={v} />
      <WorkloadFields v={v} />
    </form>
  );
}
