// Hostile and broken URL hashes, by what they try: the page must open its default view
// with a notice naming what it ignored, run no script and keep none of it in the address bar.
// Read by the browser suite (hostile-urls.test.js: what only a browser shows) and the node suite
// (tests/js/web/state.test.js: every one decoded, refused and named).

export const e = encodeURIComponent;
export const ok = 'v=2&p=Gpt3TensorParallelLayerTp8';
/** A `links` row: `name` on catalogue link `preset`. */
export const link = (name, preset = 'nvlink4') =>
  `&links=${e(name).replace(/~/g, '%7E')}~${e(preset)}`;
const flag = 'window.__pwned=1';
const nested = (n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
const measured = '#v=2&p=Gpt3TensorParallelLayerTp8&links=nvlink~nvlink4&links=m~~measured';
const twoTier = '#v=2&p=Gpt3TensorParallelLayerTp8&links=nvlink~nvlink4&links=t~~two_tier';

export const HOSTILE = {
  'broken %-encoding': `#${ok}&tokens=%E0%A4%A`,
  'a lone %': '#%',
  'broken UTF-16 in the name': `#${ok}&links=%ED%A0%80~nvlink4`,
  'a 1 MB hash': `#v=2&p=${'A'.repeat(1 << 20)}`,
  'a 1 MB hash of links': `#${ok}${link('x').repeat(60_000)}`.slice(0, 1 << 20),
  '<img onerror> in a link name': `#${ok}${link(`<img src=x onerror="${flag}">`)}`,
  'javascript: in a link name': `#${ok}${link(`javascript:${flag}`)}`,
  'javascript: as a link preset': `#${ok}${link('nvlink', `javascript:${flag}`)}`,
  '<script> as the workload': `#${ok}&workload=${e(`<script>${flag}</script>`)}`,
  '<svg onload> as the precision': `#${ok}&precision=${e(`<svg onload="${flag}">`)}`,
  '1e309 as tp_size': `#${ok}&tp_size=1e309`,
  '-0 as tp_size': `#${ok}&tp_size=-0`,
  '-0 as local_efficiency': `#${ok}&local_efficiency=-0`,
  'NaN as tokens': `#${ok}&tokens=NaN`,
  'deeply nested JSON': `#${e(nested(20_000))}`,
  'deeply nested JSON as a value': `#${ok}&tp_size=${e(nested(5000))}`,
  'base64 of JSON': `#${btoa(JSON.stringify({ workload: '<img src=x onerror=alert(1)>' }))}`,
  'unknown keys only': `#embed=${e(`<svg onload="${flag}">`)}&__proto__[x]=1`,
  'an unknown version': '#v=99&w=GPT3',
  'version 1 (never released)': '#v=1&w=GPT3&a=H100&pr=fp16_dense&tp=8&t=2048&e=0.5&c=2',
  '<script> as the preset': `#v=2&p=${e(`<script>${flag}</script>`)}`,
  'an edit of a missing row': '#v=2&p=Gpt3TensorParallelLayerTp8&links.7.bandwidth=1~GB%2Fs',
  '<script> as the link model': `#v=2&p=Gpt3TensorParallelLayerTp8&link_model=${e(`<script>${flag}</script>`)}`,
  'an unknown link model': '#v=2&p=Gpt3TensorParallelLayerTp8&link_model=fastest',
  '<script> as the compute model': `#v=2&p=Gpt3TensorParallelLayerTp8&compute_model=${e(`<script>${flag}</script>`)}`,
  'an unknown compute model': '#v=2&p=Gpt3TensorParallelLayerTp8&compute_model=memory',
  'a memory efficiency of 1e309': '#v=2&p=Gpt3TensorParallelLayerTp8&memory_efficiency=1e309',
  'a memory efficiency above 1': '#v=2&p=Gpt3TensorParallelLayerTp8&memory_efficiency=1.5',
  'an exchange precision that is markup': `#v=2&p=Gpt3TensorParallelLayerTp8&exchange_precision=${e(`<img src=x onerror="${flag}">`)}`,
  'an unknown all-reduce': '#v=2&p=Gpt3TensorParallelLayerTp8&link_model=nccl&allreduce=vllm',
  'decode with recomputation': '#v=2&p=Gpt3TensorParallelLayerTp8&pass=decode&recompute=true',
  'a negative launch overhead':
    '#v=2&p=Gpt3TensorParallelLayerTp8&link_model=nccl&launch_overhead=-1~us',
  'an infinite launch overhead': '#v=2&p=Gpt3TensorParallelLayerTp8&launch_overhead=1e309~s',
  'a launch overhead in parsecs': '#v=2&p=Gpt3TensorParallelLayerTp8&launch_overhead=1~parsecs',
  'a launch overhead that is markup': `#v=2&p=Gpt3TensorParallelLayerTp8&launch_overhead=${e(`<img src=x onerror="${flag}">`)}~us`,
  'a negative bare bandwidth': '#v=2&p=Gpt3TensorParallelLayerTp8&links=a~-5~GB%2Fs',
  'a bare bandwidth that is markup': `#v=2&p=Gpt3TensorParallelLayerTp8&links=a~${e(`<svg onload="${flag}">`)}~GB%2Fs`,
  'a bare bandwidth in a time unit': '#v=2&p=Gpt3TensorParallelLayerTp8&links=a~5~us',
  '<img onerror> named bare link': `#v=2&p=Gpt3TensorParallelLayerTp8&links=${e(`<img src=x onerror="${flag}">`)}~100~GB%2Fs`,
  'a domain of 0': '#v=2&p=Gpt3TensorParallelLayerTp8&links.0.domain=0',
  'a domain that is markup': `#v=2&p=Gpt3TensorParallelLayerTp8&links.1.domain=${e(`<svg onload="${flag}">`)}`,
  // Measured links: rows as size~time pairs after the text's rank count.
  'measured rows that are not pairs': `${measured}&links.1.measured=8~8~30~16`,
  'measured rows that are not numbers': `${measured}&links.1.measured=8~8~fast~16~slow`,
  'a measured size that is markup': `${measured}&links.1.measured=8~${e(`<img src=x onerror="${flag}">`)}~30~16~31`,
  'a measured rank count that is huge': `${measured}&links.1.measured=99999999999~8~30~16~31`,
  'measured ranks typed huge': `${measured}&links.1.measured=8~8~30~16~31&links.1.ranks=1e300`,
  'a measured time of 0': `${measured}&links.1.measured=8~8~0~16~31`,
  'measured sizes that do not grow': `${measured}&links.1.measured=8~16~30~8~31~32~33`,
  '100,000 measured rows': `${measured}&links.1.measured=8${'~8~30'.repeat(100_000)}`,
  'a measured link without its rows': measured,
  // Two-tier links: tiers and ranks per node.
  'an unknown two-tier preset': `#v=2&p=Gpt3TensorParallelLayerTp8&links=t~${e(`<script>${flag}</script>`)}~two_tier`,
  'javascript: as a tier': `${twoTier}&links.1.intra_node=${e(`javascript:${flag}`)}&links.1.inter_node=ib_ndr&links.1.ranks_per_node=8`,
  'a tier that is markup bandwidth': `${twoTier}&links.1.intra_node=&links.1.intra_node.bandwidth=${e(`<svg onload="${flag}">`)}~GB%2Fs&links.1.inter_node=ib_ndr&links.1.ranks_per_node=8`,
  'ranks per node of 0': `${twoTier}&links.1.intra_node=nvlink4&links.1.inter_node=ib_ndr&links.1.ranks_per_node=0`,
  'ranks per node that is huge': `${twoTier}&links.1.intra_node=nvlink4&links.1.inter_node=ib_ndr&links.1.ranks_per_node=1e300`,
  'a two-tier link without its tiers': twoTier,
};
