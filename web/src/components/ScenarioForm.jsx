// Every field of the scenario, and the messages that no single input owns.

import { useContext } from 'preact/hooks';
import { MessagesContext } from '../context.js';
import { AcceleratorFields } from './AcceleratorFields.jsx';
import { LinksEditor } from './LinksEditor.jsx';
import { Messages } from './Messages.jsx';
import { RunFields } from './RunFields.jsx';
import { WorkloadFields } from './WorkloadFields.jsx';

/**
 * `result`: the valid result of this form, or null while it is invalid (for the hints that echo
 * it); `core`: the scenario as the core last read it (the last valid one).
 */
export function ScenarioForm({ form, result, core, addPick }) {
  const messages = useContext(MessagesContext);
  return (
    <form class="scenario" aria-label="Scenario" onSubmit={(e) => e.preventDefault()} noValidate>
      <Messages id="other" errors={messages.errors['']} warnings={messages.warnings['']} />
      <RunFields form={form} core={core} />
      <LinksEditor form={form} results={result?.links} addPick={addPick} />
      <AcceleratorFields form={form} result={result} core={core} />
      <WorkloadFields form={form} />
    </form>
  );
}
