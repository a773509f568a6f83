// The validation data the page's measurements panel and the MCP server's validate tool read:
// calibration/validation.json (the published nccl-tests measurements against the model) with
// calibration/serving-validation.json (the serving engines' all-reduce, whole-layer timings) as
// its `serving` member, and calibration/kernels_fitted.json's scores (the kernels model against
// per-kernel and per-step measurements, docs/model.md#the-kernels-model) as its `kernels` member. All are written by the
// calibration scripts (npm run calibrate).
import { readFileSync } from 'node:fs';

const read = (name) => JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8'));

/** The merged object, read afresh on each call (the dev server serves edits as they land). */
export const validationData = () => ({
  ...read('validation.json'),
  serving: read('serving-validation.json'),
  kernels: kernelsData(read('kernels_fitted.json')),
});

/** What the panel shows of the kernels model's fit: the scores, not the fitted constants. */
const kernelsData = ({ kernel_report, engine_points, engine_report }) => ({
  kernel_report,
  engine_points,
  engine_report,
});
