// What components read from Preact context rather than props: what every input needs. The
// catalogue and the actions are fixed once the module has loaded; the form, the core's reading of
// it and its messages change with each edit. Everything else is passed as props.

import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/** The catalogue indexed for the form (scenario.js createModel). */
export const ModelContext = createContext(null);
/** What the inputs do (state.js actions). */
export const ActionsContext = createContext(null);
/**
 * The form and what the core said of it: {form, core (check()'s scenario of this form, null while
 * it is invalid), entries (check()'s paths of the parts still their catalogue entry, null while
 * it is invalid), last (the last valid one: the values it derived), errors and warnings by input
 * id, precision (the one shown), reading (the core's reading of a measured text)}.
 */
export const FormContext = createContext({ errors: {}, warnings: {} });

/** What an input reads: `model` (the catalogue indexed), the actions and the form's context. */
export const useForm = () => ({
  model: useContext(ModelContext),
  ...useContext(ActionsContext),
  ...useContext(FormContext),
});
