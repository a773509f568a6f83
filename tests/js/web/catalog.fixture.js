// A slice of the catalogue (SPEC section 4) in the shape of api.catalog(), for the pure tests.
const GiB = 1073741824;
const peaks = (dense, sparse = true) => {
  const out = {};
  for (const [f, t] of Object.entries(dense)) out[`${f}_dense`] = t * 1e12;
  if (sparse) for (const [f, t] of Object.entries(dense)) out[`${f}_sparse`] = 2 * t * 1e12;
  return out;
};

export const catalog = {
  // The units the page offers, as api.catalog().units lists them (the core's factors).
  units: [
    ['B', 'B', 1], ['GB', 'B', 1e9], ['TB', 'B', 1e12], ['GiB', 'B', 2 ** 30], ['TiB', 'B', 2 ** 40],
    ['MB/s', 'B/s', 1e6], ['GB/s', 'B/s', 1e9], ['TB/s', 'B/s', 1e12], ['GiB/s', 'B/s', 2 ** 30],
    ['Gb/s', 'B/s', 1e9 / 8], ['Tb/s', 'B/s', 1e12 / 8],
    ['s', 's', 1], ['ms', 's', 1e-3], ['us', 's', 1e-6], ['ns', 's', 1e-9],
    ['GFLOP/s', 'FLOP/s', 1e9], ['TFLOP/s', 'FLOP/s', 1e12], ['PFLOP/s', 'FLOP/s', 1e15],
  ].map(([symbol, dimension, factor]) => ({ symbol, dimension, factor })),
  workloads: [
    { key: 'GPT3', name: 'GPT-3 175B', parameters: 175e9, layers: 96, hidden_dim: 12288, heads: 96, kv_heads: 96, inference_flops: 350e9, source: 's' },
    { key: 'Llama3_70B', name: 'Llama 3 70B', parameters: 70.6e9, layers: 80, hidden_dim: 8192, heads: 64, kv_heads: 8, inference_flops: 141.2e9, source: 's' },
    { key: 'Llama3_8B', name: 'Llama 3 8B', parameters: 8.03e9, layers: 32, hidden_dim: 4096, heads: 32, kv_heads: 8, inference_flops: 16.06e9, source: 's' },
  ],
  accelerators: [
    { key: 'H100', name: 'NVIDIA H100 SXM', peak_flops: peaks({ fp16: 989, bf16: 989, tf32: 494, fp8: 1979, int8: 1979 }), memory_capacity: 80 * GiB, memory_bandwidth: 3.35e12, native_link: 'nvlink4', source: 's' },
    { key: 'H200', name: 'NVIDIA H200 SXM', peak_flops: peaks({ fp16: 989, bf16: 989, tf32: 494, fp8: 1979, int8: 1979 }), memory_capacity: 141e9, memory_bandwidth: 4.8e12, native_link: 'nvlink4', source: 's' },
    { key: 'V100', name: 'NVIDIA V100 SXM2', peak_flops: peaks({ fp16: 125, fp32: 15.7 }, false), memory_capacity: 32 * GiB, memory_bandwidth: 900e9, native_link: 'nvlink2', source: 's' },
    { key: 'TPUv5p', name: 'Google TPU v5p', peak_flops: peaks({ bf16: 459, int8: 918 }, false), memory_capacity: 95e9, memory_bandwidth: 2.765e12, native_link: 'ici_v5p', source: 's' },
  ],
  links: [
    { key: 'nvlink4', label: 'NVLink 4 (H100, H200)', bandwidth: 450e9, latency: 0.5e-6, source: 's' },
    { key: 'pcie4', label: 'PCIe 4.0 x16', bandwidth: 32e9, latency: 1e-6, source: 's' },
    { key: 'ib_hdr', label: 'InfiniBand HDR (200 Gb/s)', bandwidth: 25e9, latency: 7e-6, source: 's' },
    { key: 'ib_ndr', label: 'InfiniBand NDR (400 Gb/s)', bandwidth: 50e9, latency: 5e-6, source: 's' },
    { key: 'roce_100g', label: 'RoCE 100 GbE', bandwidth: 12.5e9, latency: 10e-6, source: 's' },
    { key: 'ethernet_400g', label: 'Ethernet 400 GbE (TCP)', bandwidth: 50e9, latency: 50e-6, source: 's' },
  ],
  presets: [
    {
      key: 'Gpt3TensorParallelLayerTp8',
      title: 'GPT-3, TP 8 on H100 (NVLink vs InfiniBand)',
      lesson: 'The SPEC worked example.',
      scenario: { workload: 'GPT3', tp_size: 8, tokens: 2048, accelerator: 'H100', precision: 'fp16_dense', local_efficiency: 0.5, links: { nvlink: 'nvlink4', infiniband_ndr: 'ib_ndr' }, collectives_per_layer: 2 },
      result: null,
    },
    {
      key: 'Llama3_70BDecodeTp8',
      title: 'Llama 3 70B decode, batch 32, TP 8 on H100',
      lesson: 'Latency regime.',
      scenario: { workload: 'Llama3_70B', tp_size: 8, tokens: 32, accelerator: 'H100', precision: 'bf16_dense', local_efficiency: 0.5, links: { nvlink: { bandwidth: 450e9, latency: 0.5e-6 }, infiniband_ndr: { bandwidth: 50e9, latency: 5e-6 } }, collectives_per_layer: 2 },
      result: null,
    },
  ],
  precisions: [],
};
