// What components read from Preact context rather than props: things every input needs and
// that do not change with the view. Everything else is passed as props.

import { createContext } from 'preact';

/** The catalogue indexed for the form (form.js createModel): fixed once the module has loaded. */
export const ModelContext = createContext(null);
/** What the inputs do (state.js actions): fixed. */
export const ActionsContext = createContext(null);
/** The core's errors and warnings of this view, by input id: each Field shows its own. */
export const MessagesContext = createContext({ errors: {}, warnings: {} });
