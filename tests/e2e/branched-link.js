// A link with NCCL protocol branches and custom all-reduce branches, as a scenario gives them: the
// page's parser once took these lists for quantities. Shared by the node and the browser tests.
export const branchedLink = () => ({
  bandwidth: '450 GB/s',
  protocols: [
    { name: 'll', pattern: 'ring', base_latency: '1 us', step_latency: '0.5 us', efficiency: 0.5 },
  ],
  custom: [
    {
      name: 'one_shot',
      pattern: 'one_shot',
      base_latency: '2 us',
      step_latency: '0.1 us',
      efficiency: 0.8,
    },
  ],
  custom_max_bytes: '8 MiB',
});
