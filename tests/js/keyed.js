// check()'s scenario in the keyed form (the catalogue presets' own): each part that `entries`
// names as still its catalogue entry written as its key, the way the core's Parts::Keys writes it.
export function keyed({ scenario, entries }) {
  const s = structuredClone(scenario);
  for (const path of entries) {
    const parent = path.slice(0, -1).reduce((node, k) => node[k], s);
    parent[path.at(-1)] = parent[path.at(-1)].preset;
  }
  return s;
}
