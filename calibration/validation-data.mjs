// The validation data the page's measurements panel and the MCP server's validate tool read:
// calibration/validation.json (the published nccl-tests measurements against the model) with
// calibration/serving-validation.json (the serving engines' all-reduce, whole-layer timings) as
// its `serving` member. Both files are written by the calibration scripts (npm run calibrate).
import { readFileSync } from 'node:fs';

const read = (name) => JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8'));

/** The merged object, read afresh on each call (the dev server serves edits as they land). */
export const validationData = () => ({
  ...read('validation.json'),
  serving: read('serving-validation.json'),
});
