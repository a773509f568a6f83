// Every field of the scenario, and the messages that no single input owns: the question in brief
// first (model, chip, TP, tokens, pass), the links, then the rest of each part.

import { AcceleratorFields } from './AcceleratorFields.jsx';
import { KeyFields } from './KeyFields.jsx';
import { LinksEditor } from './LinksEditor.jsx';
import { Messages } from './Messages.jsx';
import { RunFields } from './RunFields.jsx';
import { WorkloadFields } from './WorkloadFields.jsx';
import { InTurn } from '../ui/turns.jsx';

/** `result`: the valid result of this form, or null while it is invalid (for the hints that echo it). */
export function ScenarioForm({ result }) {
  return (
    <form class="scenario" aria-label="Scenario" onSubmit={(e) => e.preventDefault()} noValidate>
      <Messages id="" />
      <InTurn>
        <KeyFields />
      </InTurn>
      <InTurn>
        <LinksEditor results={result?.links} />
      </InTurn>
      <InTurn>
        <RunFields />
      </InTurn>
      <InTurn>
        <AcceleratorFields result={result} />
      </InTurn>
      <InTurn>
        <WorkloadFields />
      </InTurn>
    </form>
  );
}
