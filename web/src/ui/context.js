// What every input needs, read from Preact context rather than props: the catalogue and the
// actions (fixed once the module has loaded), the form and what the core said of it (each edit).

import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/** The catalogue indexed for the form (scenario.js createModel). */
export const ModelContext = createContext(null);
/** What the inputs do (state.js actions). */
export const ActionsContext = createContext(null);
/**
 * {form, core and entries (check()'s scenario and paths of the parts still their catalogue entry,
 * null while invalid), last (the last valid scenario), errors and warnings by input id, precision
 * (the one shown), reading (the core's reading of a measured text)}.
 */
export const FormContext = createContext({ errors: {}, warnings: {} });

/** What an input reads: `model` (the catalogue indexed), the actions and the form's context. */
export const useForm = () => ({
  model: useContext(ModelContext),
  ...useContext(ActionsContext),
  ...useContext(FormContext),
});
