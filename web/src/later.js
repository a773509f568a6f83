// What only some views need, loaded on demand (a dynamic import, outside the first load): the
// editors and the breakdown's words for measured and two-tier links (components/LinkForms.jsx,
// with rows.js).

import { useEffect, useState } from 'preact/hooks';
import { loadRows } from './form.js';

let forms = null;
let loading = null;
/**
 * Resolves to LinkForms.jsx's exports, loaded once with rows.js (which the form needs before such
 * a row enters it); a failed load is tried again next time.
 */
export function loadForms() {
  loading ||= Promise.all([import('./components/LinkForms.jsx'), loadRows()]).then(
    ([m]) => (forms = m),
    (e) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}

/**
 * {forms, failed}: LinkForms.jsx's exports once loaded (null before: the component renders again
 * when they come), loaded when `wanted`; `failed` says why the load failed.
 */
export function useForms(wanted = true) {
  const [failed, setFailed] = useState('');
  const [, setLoaded] = useState(false);
  useEffect(() => {
    if (wanted && !forms)
      loadForms().then(
        () => setLoaded(true),
        (e) => setFailed(String(e?.message || e)),
      );
  }, [wanted]);
  return { forms, failed };
}
