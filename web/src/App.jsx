// The calculator: notice, then preset + share, the verdict, its compare chart and the model
// switch, form and breakdown (form beside the results from 1024 px; on a phone one column, the
// form's first groups, the question in brief and the links, right under the verdict). The
// header and footer are static HTML (index.html), hidden in embed mode, where the form and the
// details fold away.

import { CompareBars } from './components/CompareBars.jsx';
import { ModelSwitch } from './components/ModelSwitch.jsx';
import { Notice } from './components/Notice.jsx';
import { PresetPicker } from './components/PresetPicker.jsx';
import { ScenarioForm } from './components/ScenarioForm.jsx';
import { ShareBar } from './components/ShareBar.jsx';
import { Strip } from './components/Strip.jsx';
import { Verdicts } from './components/Verdicts.jsx';
import { InTurn } from './ui/turns.jsx';
import { ActionsContext, FormContext, ModelContext } from './ui/context.js';
import { lazy } from './ui/lazy.jsx';

// The details below the first screen (every number, the cards, the sweep, the math): leaf UI, in
// a file of their own, with the sweep chart's, that the page loads beside the module (main.jsx:
// loadDetails), so that each part draws in its turn with nothing left to load.
const Breakdown = lazy(
  () =>
    import('./components/Breakdown.jsx').then((m) =>
      m.SweepChart.preload().then(
        () => m.Breakdown,
        () => m.Breakdown, // the sweep says in place that it could not load
      ),
    ),
  'the details',
);
export const loadDetails = Breakdown.preload;

const Fold = ({ embed, title, children }) =>
  embed ? (
    <details class="card fold">
      <summary>{title}</summary>
      {children}
    </details>
  ) : (
    children
  );

/**
 * `view` is state.view(), `actions` state.actions; `first`: only the first screen, the preset and
 * the verdict with its chart (what npm run build prerenders and the takeover hydrates). The parts
 * below it render in turn during a takeover (turns.jsx).
 */
export function App({ view, actions, embed, first }) {
  const { model, form, shown, stale } = view;
  return (
    <ActionsContext.Provider value={actions}>
      <Notice notice={view.notice} />
      {view.loadError ? (
        <p class="notice" role="alert">
          The calculator could not be loaded: {view.loadError}
        </p>
      ) : !model || !form ? (
        <p class="loading">Loading the calculator…</p>
      ) : (
        <ModelContext.Provider value={model}>
          <FormContext.Provider
            value={{
              form,
              core: view.core,
              entries: view.entries,
              last: shown?.scenario,
              errors: view.errors,
              warnings: view.warnings,
              precision: view.precision,
              reading: view.reading,
            }}
          >
            <main class={`layout${stale ? ' is-stale' : ''}`}>
              <div class="a-preset">
                <PresetPicker preset={form.preset} edited={!view.presetKey} />
                <ShareBar
                  hash={view.hash}
                  valid={view.valid}
                  shown={shown}
                  presetKey={view.presetKey}
                  embed={embed}
                />
              </div>
              <div class="a-verdict results">
                {stale && (
                  <p class="stale-note" role="status">
                    <strong>Showing the last valid result</strong> (greyed): fix the input marked
                    “Error”.
                  </p>
                )}
                <Verdicts shown={shown} />
              </div>
              <div class="a-compare results">
                {shown && <CompareBars shown={shown} />}
                <ModelSwitch />
              </div>
              {!first && (
                <>
                  {!embed && (
                    <div class="a-strip results">
                      <InTurn>
                        <Strip shown={shown} />
                      </InTurn>
                    </div>
                  )}
                  <div class="a-form">
                    <Fold embed={embed} title="Edit the scenario">
                      <ScenarioForm result={stale ? null : shown?.result} />
                    </Fold>
                  </div>
                  <div class="a-details results">
                    <Fold embed={embed} title="Every number, the sweep and the math">
                      <Breakdown shown={shown} sweep={() => view.sweep} measured={view.measured} />
                    </Fold>
                  </div>
                </>
              )}
            </main>
          </FormContext.Provider>
        </ModelContext.Provider>
      )}
    </ActionsContext.Provider>
  );
}
