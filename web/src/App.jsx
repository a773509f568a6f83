// The calculator: notice, then preset + share, verdict, form and breakdown (one column on a
// phone, form beside the results from 1024 px). The header and footer are static HTML
// (index.html), hidden in embed mode, where the form and the details fold away.

import { Breakdown } from './components/Breakdown.jsx';
import { Notice } from './components/Notice.jsx';
import { PresetPicker } from './components/PresetPicker.jsx';
import { ScenarioForm } from './components/ScenarioForm.jsx';
import { ShareBar } from './components/ShareBar.jsx';
import { Verdicts } from './components/Verdicts.jsx';

// In an embed, the form and the details fold away under the verdict.
const Fold = ({ embed, title, children }) =>
  embed ? (
    <details class="card fold">
      <summary>{title}</summary>
      {children}
    </details>
  ) : (
    children
  );

export function App({ v, embed }) {
  const ready = v.form && v.catalog;
  const stale = v.stale;
  return (
    <>
      <Notice v={v} />
      {v.loadError ? (
        <p class="notice" role="alert">
          The calculator module (tplayer.js) could not be loaded: {v.loadError}
        </p>
      ) : !ready ? (
        <p class="loading">Loading the calculator…</p>
      ) : (
        <main class={`layout${stale ? ' is-stale' : ''}`}>
          <div class="a-preset">
            <PresetPicker v={v} />
            <ShareBar v={v} embed={embed} />
          </div>
          <div class="a-verdict results">
            {stale && (
              <p class="stale-note" role="status">
                <strong>Showing the last valid result</strong> (greyed): fix the input marked “Error”.
              </p>
            )}
            <Verdicts v={v} />
          </div>
          <div class="a-form">
            <Fold embed={embed} title="Edit the scenario">
              <ScenarioForm v={v} />
            </Fold>
          </div>
          <div class="a-details results">
            <Fold embed={embed} title="Every number, the sweep and the math">
              <Breakdown v={v} />
            </Fold>
          </div>
        </main>
      )}
    </>
  );
}
