// The catalogue of docs/model.md#the-catalogue as plain constant tables, one per kind, each entry
// with its source and (what a scenario can name) a short name for UIs. They are expanded into the
// library's types once, on first use.
#include "tplayer/catalog.hpp"

#include <array>
#include <utility>

#include "internal.hpp"
#include "tplayer/limits.hpp"
#include "tplayer/precision.hpp"

namespace tplayer {
namespace {

constexpr double kTera = 1e12;
constexpr double kGiB = 1073741824.0;

struct PeakSpec {
  const char* format = nullptr;  // nullptr ends the list
  double dense_tflops = 0;
};

struct AcceleratorSpec {
  const char* key;
  const char* name;
  const char* short_name;
  std::array<PeakSpec, 6> dense_peaks;  // as the vendor prints them
  bool vendor_prints_sparse;            // then the 2:4-sparse peaks are 2x dense
  double memory_capacity;               // bytes
  double memory_bandwidth;              // bytes/s
  const char* native_link;
  const char* source;
  int compute_units = 0;  // SMs or CUs (architecture whitepapers); 0: no comparable count
};

// SMs / CUs: NVIDIA H100 (SXM5: 132 SMs), A100 (108), B200 (148, "Blackwell architecture"
// technical brief), V100 (80) architecture whitepapers; AMD CDNA 3 whitepaper (MI300X: 304 CUs).
constexpr AcceleratorSpec kAccelerators[] = {
    {"H100",
     "NVIDIA H100 SXM",
     "H100 SXM",
     {{{"fp16", 989}, {"bf16", 989}, {"tf32", 494}, {"fp8", 1979}, {"int8", 1979}}},
     true,
     80 * kGiB,
     3.35e12,
     "nvlink4",
     "NVIDIA H100 Tensor Core GPU datasheet (SXM); mlsysim hardware/data/cloud/h100.yaml",
     132},
    {"H200",
     "NVIDIA H200 SXM",
     "H200 SXM",
     {{{"fp16", 989}, {"bf16", 989}, {"tf32", 494}, {"fp8", 1979}, {"int8", 1979}}},
     true,
     141e9,
     4.8e12,
     "nvlink4",
     "NVIDIA H200 Tensor Core GPU datasheet (SXM); mlsysim hardware/data/cloud/h200.yaml",
     132},
    {"A100",
     "NVIDIA A100 SXM 80GB",
     "A100 SXM",
     {{{"fp16", 312}, {"bf16", 312}, {"tf32", 156}, {"int8", 624}}},
     true,
     80 * kGiB,
     2.039e12,
     "nvlink3",
     "NVIDIA A100 Tensor Core GPU datasheet (SXM4 80GB); mlsysim hardware/data/cloud/a100.yaml",
     108},
    {"A100_PCIE",
     "NVIDIA A100 PCIe 80GB",
     "A100 PCIe",
     {{{"fp16", 312}, {"bf16", 312}, {"tf32", 156}, {"int8", 624}}},
     true,
     80 * kGiB,
     1.935e12,
     "pcie4",
     "NVIDIA A100 Tensor Core GPU datasheet (PCIe 80GB column: 312 TFLOP/s FP16/BF16 dense, "
     "1,935 GB/s, 300 W; NVLink only as a bridge between pairs)",
     108},
    {"B200",
     "NVIDIA B200",
     "B200",
     {{{"fp16", 2250}, {"bf16", 2250}, {"tf32", 1100}, {"fp8", 4500}, {"fp4", 9000}}},
     true,
     180e9,
     8e12,
     "nvlink5",
     "NVIDIA DGX B200 / Blackwell datasheet (per GPU); mlsysim hardware/data/cloud/b200.yaml",
     148},
    {"MI300X",
     "AMD Instinct MI300X",
     "MI300X",
     {{{"fp16", 1307}, {"bf16", 1307}, {"fp8", 2615}, {"int8", 2615}}},
     true,
     192e9,
     5.3e12,
     "infinity_fabric",
     "AMD Instinct MI300X accelerator datasheet; mlsysim hardware/data/cloud/mi300x.yaml",
     304},
    {"V100",
     "NVIDIA V100 SXM2",
     "V100 SXM2",
     {{{"fp16", 125}, {"fp32", 15.7}}},
     false,
     32 * kGiB,
     900e9,
     "nvlink2",
     "NVIDIA Tesla V100 datasheet (SXM2 32GB); mlsysim hardware/data/cloud/v100.yaml",
     80},
    {"TPUv5p",
     "Google TPU v5p",
     "TPU v5p",
     {{{"bf16", 459}, {"int8", 918}}},
     false,
     95e9,
     2.765e12,
     "ici_v5p",
     "Google Cloud TPU v5p system architecture page; mlsysim hardware/data/cloud/tpu_v5p.yaml"},
    {"Gaudi3",
     "Intel Gaudi 3",
     "Gaudi 3",
     {{{"bf16", 1835}, {"fp8", 1835}}},
     false,
     128e9,
     3.7e12,
     "roce_gaudi3",
     "Intel Gaudi 3 AI accelerator white paper; mlsysim hardware/data/cloud/gaudi3.yaml"},
    // docs/model.md#any-model-any-rig: prosumer and edge rigs. GeForce cards run 16-bit tensor
    // math with FP32 accumulation (what frameworks ask for) at half their FP16-accumulate rate:
    // those are the peaks given here.
    {"RTX4090",
     "NVIDIA GeForce RTX 4090",
     "RTX 4090",
     {{{"fp16", 165.2}, {"bf16", 165.2}, {"tf32", 82.6}, {"fp8", 330.3}, {"int8", 660.6}}},
     true,
     24 * kGiB,
     1008e9,
     "pcie4_host",
     "NVIDIA Ada GPU architecture whitepaper (v2.1), appendix table: RTX 4090, 128 SMs, FP16/BF16 "
     "tensor with FP32 accumulate 165.2, FP8 330.3, INT8 660.6 TFLOP/s dense; 24 GB GDDR6X, "
     "1,008 GB/s; GeForce drivers disable peer-to-peer",
     128},
    {"RTX5090",
     "NVIDIA GeForce RTX 5090",
     "RTX 5090",
     {{{"fp16", 209.5}, {"bf16", 209.5}, {"fp8", 419}, {"fp4", 1676}, {"int8", 838}}},
     true,
     32 * kGiB,
     1792e9,
     "pcie5_host",
     "NVIDIA RTX Blackwell GPU architecture whitepaper: RTX 5090, 170 SMs, FP16/BF16 tensor with "
     "FP32 accumulate 209.5, FP8 419, FP4 1,676 (3,352 AI TOPS sparse), INT8 838 TFLOP/s dense; "
     "32 GB GDDR7, 1,792 GB/s",
     170},
    {"RTXPro6000",
     "NVIDIA RTX PRO 6000 Blackwell Workstation Edition",
     "RTX PRO 6000",
     {{{"fp16", 503.8}, {"bf16", 503.8}, {"fp8", 1007.6}, {"fp4", 2015.2}, {"int8", 1007.6}}},
     true,
     96 * kGiB,
     1792e9,
     "pcie5",
     "NVIDIA RTX PRO 6000 Blackwell datasheet and RTX Blackwell architecture whitepaper: 188 SMs, "
     "4,000 AI TOPS (FP4 sparse), FP16/BF16 tensor 503.8 TFLOP/s dense at full-rate FP32 "
     "accumulate; 96 GB GDDR7 ECC, 1,792 GB/s",
     188},
    {"L40S",
     "NVIDIA L40S",
     "L40S",
     {{{"fp16", 362}, {"bf16", 362}, {"tf32", 183}, {"fp8", 733}, {"int8", 733}}},
     true,
     48 * kGiB,
     864e9,
     "pcie4",
     "NVIDIA L40S datasheet: FP16/BF16 tensor 362.05, TF32 183, FP8 733, INT8 733 TFLOP/s dense "
     "(twice with sparsity); 48 GB GDDR6, 864 GB/s; Ada whitepaper: 142 SMs",
     142},
    {"L4",
     "NVIDIA L4",
     "L4",
     {{{"fp16", 121}, {"bf16", 121}, {"tf32", 60}, {"fp8", 242.5}, {"int8", 242.5}}},
     true,
     24 * kGiB,
     300e9,
     "pcie4",
     "NVIDIA L4 datasheet: FP16/BF16 tensor 121, TF32 60, FP8 242.5, INT8 242.5 TFLOP/s dense "
     "(twice with sparsity); 24 GB GDDR6, 300 GB/s; 58 SMs",
     58},
    {"A10G",
     "NVIDIA A10G (AWS G5)",
     "A10G",
     {{{"fp16", 70}, {"bf16", 70}, {"tf32", 35}}},
     true,
     24 * kGiB,
     600e9,
     "pcie4",
     "No NVIDIA datasheet: AWS EC2 G5 page (24 GB GDDR6 per GPU, 320 third-generation Tensor "
     "Cores, 80 RT cores: 80 SMs); torch device properties in PyTorch's TorchCodec CUDA example "
     "(NVIDIA A10G, sm_86, multi_processor_count=80); 600 GB/s (Baseten, 'NVIDIA A10 vs A10G'); "
     "16-bit tensor peak 70 TFLOP/s dense = 80 SMs x 512 FLOP/clock (GA102's GeForce rate) x "
     "1.71 GHz, as measured: 69.5 TFLOP/s for a 10240^3 FP16 and BF16 matmul "
     "(github.com/zzc0721/torch-performance-test-data issue 126); TF32 its half; not the A10's "
     "125",
     80},
    {"GB10",
     "NVIDIA GB10 (DGX Spark)",
     "GB10",
     {{{"fp4", 500}, {"fp8", 250}, {"fp16", 125}, {"bf16", 125}}},
     true,
     128e9,
     273e9,
     "cx7_200g",
     "NVIDIA DGX Spark datasheet: GB10 Grace Blackwell, 1 PFLOP FP4 with sparsity (500 dense), "
     "128 GB LPDDR5x unified with the CPU, 273 GB/s; 6,144 CUDA cores (48 SMs). NVIDIA prints "
     "FP4 only: FP8 and FP16/BF16 are FP4's halves, as Blackwell's tensor cores run them",
     48},
    {"MI355X",
     "AMD Instinct MI355X",
     "MI355X",
     {{{"fp16", 2516.6}, {"bf16", 2516.6}, {"fp8", 5033.2}, {"int8", 5033.2}, {"fp4", 10066.3}}},
     true,
     288e9,
     8e12,
     "mi355x_xgmi",
     "AMD Instinct MI355X datasheet: FP16/BF16 2.5, FP8 5.0, INT8 5.0, FP4 10.1 PFLOP/s dense "
     "(twice with sparsity); 288 GB HBM3E, 8 TB/s; 256 CUs",
     256},
};

struct LinkSpec {
  const char* key;
  const char* label;
  const char* short_name;
  double bandwidth;  // bytes/s per direction
  double latency;    // seconds per ring step
  int domain;        // most ranks joined directly (docs/model.md#domains); 0: no limit
  const char* source;
  double per_peer = 0;  // fully connected: bytes/s per direction of each peer link; 0: switched
};

constexpr LinkSpec kLinks[] = {

    {"nvlink2", "NVLink 2 (V100, DGX-1 hybrid cube mesh)", "NVLink 2", 150e9, 0.5e-6, 8,
     "NVIDIA V100 datasheet: 300 GB/s NVLink total (6 links), 150 GB/s per direction; alpha as in "
     "mlsysim; DGX-1 joins 8 V100s in a hybrid cube mesh without NVSwitch (NCCL rings over the "
     "NV1/NV2 links)"},
    {"nvlink3", "NVLink 3 (A100)", "NVLink 3", 300e9, 0.5e-6, 8,
     "NVIDIA A100 datasheet: 600 GB/s NVLink total, 300 GB/s per direction; alpha as in mlsysim"},
    {"nvlink4", "NVLink 4 (H100, H200, HGX)", "NVLink 4", 450e9, 0.5e-6, 8,
     "NVIDIA H100 datasheet: 900 GB/s NVLink total, 450 GB/s per direction; alpha as in mlsysim; "
     "an HGX H100 board joins 8 GPUs"},
    {"nvlink4_ring", "NVLink 4 without NVLS (no fabric manager, or NCCL_NVLS_ENABLE=0)",
     "NVLink 4, no NVLS", 450e9, 0.5e-6, 8,
     "NVLink 4 as above, with NVLink SHARP unavailable: NCCL runs rings only"},
    {"nvlink5", "NVLink 5 (B200)", "NVLink 5", 900e9, 0.5e-6, 8,
     "NVIDIA Blackwell datasheet: 1.8 TB/s NVLink total, 900 GB/s per direction; alpha as in "
     "mlsysim; an HGX B200 board joins 8 GPUs"},
    {"nvlink5_nvl72", "NVLink 5 (GB200 NVL72)", "NVLink 5 NVL72", 900e9, 0.5e-6, 72,
     "NVIDIA GB200 NVL72: 72 GPUs in one NVLink domain, 900 GB/s per direction per GPU"},
    // Fully connected (no switch): each GPU has one xGMI link to each of its 7 peers, so a TP group
    // of n uses n-1 of them; `bandwidth` is all seven (the whole fabric).
    {"infinity_fabric", "AMD Infinity Fabric (MI300X, 7 x 64 GB/s)", "Infinity Fabric", 448e9,
     0.5e-6, 8,
     "AMD MI300X datasheet: 7 Infinity Fabric links x 64 GB/s per direction (128 GB/s peak per "
     "link), one to each peer of an 8-GPU platform; alpha assumed 0.5 µs",
     64e9},
    {"mi355x_xgmi", "AMD Infinity Fabric (MI355X, 7 x 76.8 GB/s)", "xGMI (MI355X)", 537.6e9, 0.5e-6,
     8,
     "AMD Instinct MI355X product page (amd.com/en/products/accelerators/instinct/mi350/"
     "mi355x.html): 7 Infinity Fabric links, 153.6 GB/s peak per link (76.8 GB/s per "
     "direction), one to each peer of an 8-GPU platform; alpha assumed 0.5 µs",
     76.8e9},
    {"ici_v5p", "TPU v5p ICI", "TPU v5p ICI", 600e9, 0.5e-6, 0,
     "mlsysim's per-direction figure (Google lists 4,800 Gb/s per chip); alpha assumed 0.5 µs"},
    {"roce_gaudi3", "Gaudi 3 scale-up RoCE (21 x 200 Gb/s)", "Gaudi 3 RoCE", 525e9, 1e-6, 8,
     "Intel Gaudi 3 white paper: 21 x 200 GbE RoCE ports for scale-up; alpha assumed 1 µs"},
    {"pcie3", "PCIe 3.0 x16, GPU peer-to-peer", "PCIe 3.0", 16e9, 1e-6, 8,
     "PCI-SIG PCIe 3.0: 8 GT/s x16, ~16 GB/s per direction (V100 PCIe hosts); the GPUs of one "
     "host"},
    {"pcie3_host", "PCIe 3.0 x16, no peer-to-peer (through host memory)", "PCIe 3.0, no P2P", 16e9,
     1e-6, 8,
     "PCI-SIG PCIe 3.0 as above, with GPU peer-to-peer unavailable (cloud VMs, hosts that "
     "disable it): NCCL stages every transfer through host memory"},
    {"pcie4", "PCIe 4.0 x16, GPU peer-to-peer", "PCIe 4.0", 32e9, 1e-6, 8,
     "PCI-SIG PCIe 4.0: 16 GT/s x16, ~32 GB/s per direction; the GPUs of one host"},
    {"pcie4_host", "PCIe 4.0 x16, no peer-to-peer (through host memory)", "PCIe 4.0, no P2P", 32e9,
     1e-6, 8,
     "PCI-SIG PCIe 4.0 as above, with GPU peer-to-peer disabled: NCCL stages every transfer "
     "through host memory"},
    {"pcie5", "PCIe 5.0 x16, GPU peer-to-peer", "PCIe 5.0", 64e9, 1e-6, 8,
     "PCI-SIG PCIe 5.0: 32 GT/s x16, ~64 GB/s per direction; the GPUs of one host"},
    {"pcie5_host", "PCIe 5.0 x16, no peer-to-peer (through host memory)", "PCIe 5.0, no P2P", 64e9,
     1e-6, 8,
     "PCI-SIG PCIe 5.0 as above, with GPU peer-to-peer disabled (GeForce RTX 5090 boxes): NCCL "
     "stages every transfer through host memory"},
    {"cx7_200g", "ConnectX-7 200 GbE (a DGX Spark pair)", "CX-7 200G", 25e9, 5e-6, 0,
     "NVIDIA DGX Spark datasheet: ConnectX-7 at 200 Gb/s (25 GB/s per direction), RoCE between two "
     "Sparks back to back; alpha assumed 5 µs, as InfiniBand NDR's"},
    {"thunderbolt5", "Thunderbolt 5 (80 Gb/s)", "Thunderbolt 5", 10e9, 20e-6, 0,
     "Intel Thunderbolt 5 specification: 80 Gb/s per direction (10 GB/s), networked over IP; "
     "alpha assumed 20 µs (a host network stack, no RDMA)"},
    {"ib_hdr", "InfiniBand HDR (200 Gb/s)", "IB HDR", 25e9, 7e-6, 0,
     "NVIDIA ConnectX-6 / InfiniBand HDR: 200 Gb/s per port; alpha as in mlsysim"},
    {"ib_ndr", "InfiniBand NDR (400 Gb/s)", "IB NDR", 50e9, 5e-6, 0,
     "NVIDIA ConnectX-7 / InfiniBand NDR: 400 Gb/s per port; alpha as in mlsysim"},
    {"ib_xdr", "InfiniBand XDR (800 Gb/s)", "IB XDR", 100e9, 5e-6, 0,
     "NVIDIA ConnectX-8 / InfiniBand XDR: 800 Gb/s per port; alpha as in mlsysim"},
    {"roce_100g", "RoCE 100 GbE", "RoCE 100G", 12.5e9, 10e-6, 0,
     "IEEE 802.3 100 GbE line rate with RDMA over Converged Ethernet; alpha as in mlsysim"},
    {"roce_400g", "RoCE 400 GbE (an RDMA NIC per GPU)", "RoCE 400G", 50e9, 5e-6, 0,
     "IEEE 802.3bs 400 GbE line rate with RDMA over Converged Ethernet (RoCEv2), one NIC per GPU "
     "(AMD Pollara 400, NVIDIA ConnectX-7 or Broadcom Thor 2 in MI300X clusters); alpha assumed "
     "5 µs, as InfiniBand NDR's (the same 400 Gb/s RDMA class)"},
    {"efa_p4d", "AWS EFA on p4d (4 x 100 Gb/s per 8-GPU node: 50 Gb/s per GPU)", "EFA (p4d)",
     6.25e9, 5e-6, 0,
     "AWS p4d.24xlarge: 4 x 100 Gb/s EFA per node of 8 A100s, 50 Gb/s = 6.25 GB/s per GPU; "
     "alpha assumed 5 µs"},
    {"efa_p5", "AWS EFAv2 on p5 (32 x 100 Gb/s per 8-GPU node: 400 Gb/s per GPU)", "EFAv2 (p5)",
     50e9, 5e-6, 0,
     "AWS EC2 p5.48xlarge: 32 x EFAv2 per node of 8 H100s, 3,200 Gb/s = 50 GB/s per GPU; alpha "
     "assumed 5 µs"},
    {"tcpxo_a3mega", "GCP A3 Mega GPUDirect-TCPXO (8 x 200 Gb/s per node: 25 GB/s per GPU)",
     "TCPXO (A3 Mega)", 25e9, 5e-6, 0,
     "Google Cloud A3 Mega: 8 x 200 Gb/s GPUDirect-TCPXO NICs per node of 8 H100s, 25 GB/s per "
     "GPU; alpha assumed 5 µs"},
    {"ethernet_400g", "Ethernet 400 GbE (TCP)", "Ethernet 400G", 50e9, 50e-6, 0,
     "IEEE 802.3bs 400 GbE line rate over a TCP stack; alpha as in mlsysim"},
};

// Two-tier links (docs/model.md#two-tier-links): the node's own link inside it and each GPU's own
// NIC across nodes.
struct TwoTierSpec {
  const char* key;
  const char* label;
  const char* short_name;
  const char* intra_node;  // link key
  const char* inter_node;  // link key
  int ranks_per_node;
  const char* source;
};

constexpr TwoTierSpec kTwoTierLinks[] = {
    {"hgx_h100_ndr", "HGX H100: NVLink 4 in the node, 8 x InfiniBand NDR (one per GPU) across",
     "HGX H100 + NDR", "nvlink4", "ib_ndr", 8,
     "NVIDIA DGX H100 / DGX SuperPOD reference architecture: 8 H100 per node on NVLink 4, and "
     "8 x ConnectX-7 400 Gb/s InfiniBand NDR per node, one per GPU (rail-optimised compute "
     "fabric)"},
    {"hgx_a100_hdr", "HGX A100: NVLink 3 in the node, 8 x InfiniBand HDR (one per GPU) across",
     "HGX A100 + HDR", "nvlink3", "ib_hdr", 8,
     "NVIDIA DGX A100 datasheet and DGX SuperPOD reference architecture: 8 A100 per node on "
     "NVLink 3, and 8 x ConnectX-6 200 Gb/s InfiniBand HDR per node, one per GPU, for the "
     "compute fabric"},
    {"hgx_b200_ndr", "HGX B200: NVLink 5 in the node, 8 x InfiniBand NDR (one per GPU) across",
     "HGX B200 + NDR", "nvlink5", "ib_ndr", 8,
     "NVIDIA DGX B200 datasheet: 8 B200 per node on NVLink 5, and 8 x single-port ConnectX-7 "
     "400 Gb/s InfiniBand NDR per node, one per GPU, for the compute fabric"},
    {"aws_p4d_efa", "AWS p4d: NVLink 3 in the node, 4 x 100 Gb/s EFA per 8 GPUs across",
     "AWS p4d + EFA", "nvlink3", "efa_p4d", 8,
     "AWS EC2 p4d.24xlarge: 8 A100 per node on NVLink 3 (NVSwitch), and 4 x 100 Gb/s EFA per "
     "node, 50 Gb/s per GPU (efa_p4d)"},
    {"aws_p5_efa", "AWS p5: NVLink 4 in the node, 32 x EFAv2 (3,200 Gb/s) per 8 GPUs across",
     "AWS p5 + EFAv2", "nvlink4", "efa_p5", 8,
     "AWS EC2 p5.48xlarge: 8 H100 per node on NVLink 4 (NVSwitch), and 32 x EFAv2 per node, "
     "3,200 Gb/s, 400 Gb/s per GPU (efa_p5)"},
    {"gcp_a3mega_tcpxo",
     "GCP A3 Mega: NVLink 4 in the node, 8 x 200 Gb/s GPUDirect-TCPXO (one per GPU) across",
     "GCP A3 Mega + TCPXO", "nvlink4", "tcpxo_a3mega", 8,
     "Google Cloud A3 Mega (a3-megagpu-8g): 8 H100 per node on NVLink 4, and 8 x 200 Gb/s "
     "GPUDirect-TCPXO NICs per node, one per GPU (tcpxo_a3mega)"},
    {"mi300x_roce",
     "AMD MI300X: Infinity Fabric in the node, 8 x 400 GbE RoCE (one per GPU) across",
     "MI300X + RoCE 400G", "infinity_fabric", "roce_400g", 8,
     "AMD Instinct MI300X platform: 8 MI300X per node, each with an Infinity Fabric (xGMI) link "
     "to each of the other seven; across nodes one 400 Gb/s RoCE NIC per GPU, rail-optimised, "
     "as AMD's MI300X cluster networking guides lay out (roce_400g)"},
};

// NCCL protocol branches fitted on published measurements (docs/model.md#calibration):
// calibration/fit.py fits them from calibration/data into calibration/fitted.json, and
// calibration/emit_catalog.py writes calibration.inc from that file (a test checks it is current).
// Never edited by hand.
struct ProtocolSpec {
  const char* name = nullptr;  // nullptr ends the list
  const char* pattern = nullptr;
  double base_latency = 0;  // s
  double step_latency = 0;  // s
  double efficiency = 0;
};

struct CalibrationSpec {
  const char* key;
  std::array<ProtocolSpec, kMaxProtocols> protocols;
  const char* source;
};

constexpr CalibrationSpec kCalibrations[] = {
#include "calibration.inc"
};

// The serving engines' all-reduce kernels (docs/model.md#custom-all-reduce), fitted by
// calibration/fit_custom.py on published per-call times (calibration/data/custom-allreduce.md) into
// custom_calibration.inc.
struct CustomCalibrationSpec {
  const char* key;
  double custom_max_bytes;
  std::array<ProtocolSpec, kMaxProtocols> branches;
  const char* source;
};

constexpr CustomCalibrationSpec kCustomCalibrations[] = {
#include "custom_calibration.inc"
};

struct EngineSpec {
  const char* key;
  const char* name;
  const char* short_name;
  const char* versions;
  double kernel_overhead;  // seconds per kernel
  double step_overhead;    // seconds per step
  double launch_overhead;  // seconds per all-reduce
  const char* allreduce;
  const char* source;
};

// Fitted by calibration/fit_kernels.py from calibration/data/kernels and calibration/data/serving.
constexpr EngineSpec kEngines[] = {
#include "engine_calibration.inc"
};

struct WorkloadSpec {
  const char* key;
  const char* name;
  const char* short_name;
  double parameters;
  int layers;
  int hidden_dim;
  int heads;
  int kv_heads;
  double inference_flops;  // forward FLOPs per token
  const char* note;
  const char* source;
  // docs/model.md#the-kernels-model, from the model's published config.json (GPT-3: the paper's 4h
  // MLP and GPT-2's tokenizer): intermediate size (per expert), gated MLP, vocabulary, experts and
  // active ones.
  int ffn_hidden;
  bool gated_mlp;
  int vocab;
  int experts = 1;
  int experts_per_token = 1;
};

constexpr WorkloadSpec kWorkloads[] = {
    {"GPT3", "GPT-3 175B", "GPT-3 175B", 175e9, 96, 12288, 96, 96, 350e9, "",
     "Brown et al. 2020, Language Models are Few-Shot Learners; mlsysim models registry", 49152,
     false, 50257},
    {"GPT2", "GPT-2 1.5B", "GPT-2 1.5B", 1.5e9, 48, 1600, 25, 25, 3e9, "",
     "Radford et al. 2019, GPT-2 (XL); mlsysim models registry", 6400, false, 50257},
    {"Llama2_7B", "Llama 2 7B", "Llama 2 7B", 7e9, 32, 4096, 32, 32, 14e9, "",
     "Touvron et al. 2023, Llama 2; mlsysim models registry", 11008, true, 32000},
    {"Llama2_70B", "Llama 2 70B", "Llama 2 70B", 70e9, 80, 8192, 64, 8, 140e9, "",
     "Touvron et al. 2023, Llama 2; mlsysim models registry", 28672, true, 32000},
    {"Llama3_8B", "Llama 3 8B", "Llama 3 8B", 8.03e9, 32, 4096, 32, 8, 16.06e9, "",
     "Meta Llama 3 model card; mlsysim models registry", 14336, true, 128256},
    {"Llama3_70B", "Llama 3 70B", "Llama 3 70B", 70.6e9, 80, 8192, 64, 8, 141.2e9, "",
     "Meta Llama 3 model card; mlsysim models registry", 28672, true, 128256},
    {"Llama3_405B", "Llama 3.1 405B", "Llama 3.1 405B", 405e9, 126, 16384, 128, 8, 810e9, "",
     "Meta Llama 3.1 model card (Dubey et al. 2024); mlsysim models registry", 53248, true, 128256},
    {"Mixtral_8x7B", "Mixtral 8x7B (MoE)", "Mixtral 8x7B", 46.7e9, 32, 4096, 32, 8, 25.8e9,
     "mixture of experts: 46.7e9 parameters stored, 12.9e9 active per token",
     "Jiang et al. 2024, Mixtral of Experts; mlsysim models registry", 14336, true, 32000, 8, 2},
    {"BERT_Large", "BERT Large", "BERT Large", 340e6, 24, 1024, 16, 16, 680e6, "",
     "Devlin et al. 2019, BERT; mlsysim models registry", 4096, false, 30522},
};

// docs/model.md#any-model-any-rig: models defined by their published config.json, priced by the
// same derivation as a workload's hf_config (parameters and active FLOPs from the shapes). Each
// source is the config's address on the Hugging Face Hub.
struct ConfigSpec {
  const char* key;
  const char* name;
  const char* short_name;
  const char* note;
  const char* source;
  ModelShapes shapes;  // hidden, layers, heads, kv_heads, head_dim, ffn (per expert), vocab,
                       // experts, experts_per_token, shared_ffn, tied, gated, qkv_bias
};

#define TPL_HF "https://huggingface.co/"
#define TPL_CONFIG "/blob/main/config.json"
const ConfigSpec kConfigWorkloads[] = {
    {"Llama3_1_8B",
     "Llama 3.1 8B",
     "Llama 3.1 8B",
     "",
     TPL_HF "meta-llama/Llama-3.1-8B" TPL_CONFIG,
     {4096, 32, 32, 8, 0, 14336, 128256}},
    {"Llama3_1_70B",
     "Llama 3.1 70B",
     "Llama 3.1 70B",
     "",
     TPL_HF "meta-llama/Llama-3.1-70B" TPL_CONFIG,
     {8192, 80, 64, 8, 0, 28672, 128256}},
    {"Llama3_3_70B",
     "Llama 3.3 70B",
     "Llama 3.3 70B",
     "",
     TPL_HF "meta-llama/Llama-3.3-70B-Instruct" TPL_CONFIG,
     {8192, 80, 64, 8, 0, 28672, 128256}},
    {"Qwen2_5_7B",
     "Qwen2.5 7B",
     "Qwen2.5 7B",
     "",
     TPL_HF "Qwen/Qwen2.5-7B" TPL_CONFIG,
     {3584, 28, 28, 4, 0, 18944, 152064, 1, 1, 0, false, true, true}},
    {"Qwen2_5_72B",
     "Qwen2.5 72B",
     "Qwen2.5 72B",
     "",
     TPL_HF "Qwen/Qwen2.5-72B" TPL_CONFIG,
     {8192, 80, 64, 8, 0, 29568, 152064, 1, 1, 0, false, true, true}},
    {"Qwen3_8B",
     "Qwen3 8B",
     "Qwen3 8B",
     "",
     TPL_HF "Qwen/Qwen3-8B" TPL_CONFIG,
     {4096, 36, 32, 8, 128, 12288, 151936}},
    {"Qwen3_32B",
     "Qwen3 32B",
     "Qwen3 32B",
     "",
     TPL_HF "Qwen/Qwen3-32B" TPL_CONFIG,
     {5120, 64, 64, 8, 128, 25600, 151936}},
    {"Qwen3_30B_A3B",
     "Qwen3 30B-A3B (MoE)",
     "Qwen3 30B-A3B",
     "mixture of experts: 128 experts, 8 active per token",
     TPL_HF "Qwen/Qwen3-30B-A3B" TPL_CONFIG,
     {2048, 48, 32, 4, 128, 768, 151936, 128, 8}},
    {"Qwen3_235B_A22B",
     "Qwen3 235B-A22B (MoE)",
     "Qwen3 235B-A22B",
     "mixture of experts: 128 experts, 8 active per token",
     TPL_HF "Qwen/Qwen3-235B-A22B" TPL_CONFIG,
     {4096, 94, 64, 4, 128, 1536, 151936, 128, 8}},
    {"Mistral_7B",
     "Mistral 7B",
     "Mistral 7B",
     "",
     TPL_HF "mistralai/Mistral-7B-v0.1" TPL_CONFIG,
     {4096, 32, 32, 8, 0, 14336, 32000}},
    {"Mixtral_8x22B",
     "Mixtral 8x22B (MoE)",
     "Mixtral 8x22B",
     "mixture of experts: 8 experts, 2 active per token",
     TPL_HF "mistralai/Mixtral-8x22B-v0.1" TPL_CONFIG,
     {6144, 56, 48, 8, 0, 16384, 32000, 8, 2}},
    {"Gemma2_27B",
     "Gemma 2 27B",
     "Gemma 2 27B",
     "",
     TPL_HF "google/gemma-2-27b" TPL_CONFIG,
     {4608, 46, 32, 16, 128, 36864, 256000, 1, 1, 0, true}},
    {"GptOss_20B",
     "gpt-oss 20B (MoE)",
     "gpt-oss 20B",
     "mixture of experts: 32 experts, 4 active per token",
     TPL_HF "openai/gpt-oss-20b" TPL_CONFIG,
     {2880, 24, 64, 8, 64, 2880, 201088, 32, 4, 0, false, true, true}},
    {"GptOss_120B",
     "gpt-oss 120B (MoE)",
     "gpt-oss 120B",
     "mixture of experts: 128 experts, 4 active per token",
     TPL_HF "openai/gpt-oss-120b" TPL_CONFIG,
     {2880, 36, 64, 8, 64, 2880, 201088, 128, 4, 0, false, true, true}},
};
#undef TPL_HF
#undef TPL_CONFIG

struct PresetSpec {
  const char* key;
  const char* title;
  const char* lesson;
  const char* workload;
  int tp_size;
  int tokens;
  const char* accelerator;
  const char* precision;
  double local_efficiency;
  // name -> link or two-tier link key; a preset with one link leaves the second empty
  std::array<std::pair<const char*, const char*>, 2> links;
  const char* pass = "forward";
  bool recompute = false;
  int attention_context = 0;
  const char* link_model = "line_rate";
  const char* compute_model = "flops";
  const char* allreduce = nullptr;           // nullptr: the engine's, else nccl
  double launch_overhead = -1;               // < 0: the engine's or the link model's default
  const char* exchange_precision = nullptr;  // nullptr: precision's
  const char* serving_engine = nullptr;      // nullptr: none
};

constexpr PresetSpec kPresets[] = {
    {"Gpt3TensorParallelLayerTp8",
     "GPT-3, TP 8 on H100 (NVLink vs InfiniBand)",
     "mlsysim's worked example: inside a node NVLink keeps the layer compute-bound; the same "
     "exchange over one InfiniBand NDR port per GPU outlasts the compute (1.9x at line rate, "
     "3.4x as NCCL runs it).",
     "GPT3",
     8,
     2048,
     "H100",
     "fp16_dense",
     0.5,
     {{{"nvlink", "nvlink4"}, {"infiniband_ndr", "ib_ndr"}}}},
    {"Llama3_70BDecodeTp8",
     "Llama 3 70B decode, batch 32 at 4,096 cached tokens, TP 8 on H100, as it runs",
     "Decoding 32 sequences, each rank reads 288 MB of weights and KV cache per layer for 15 µs of "
     "FLOPs; as vLLM runs the layer's 11 kernels that takes 184 µs, so NVLink 4's 14 µs all-reduce "
     "(vLLM's multimem kernel) leaves the layer compute-bound and InfiniBand's 156 µs does not: "
     "17.14 ms per token (1,867 tokens/s across the 32 sequences) against 40.45 ms. mlsysim's "
     "FLOPs-only model would call even NVLink communication-bound (exchange 1.18x compute).",
     "Llama3_70B",
     8,
     32,
     "H100",
     "bf16_dense",
     0.5,
     {{{"nvlink", "nvlink4"}, {"infiniband_ndr", "ib_ndr"}}},
     "decode",
     false,
     4096,
     "nccl",
     "kernels",
     nullptr,
     -1,
     nullptr,
     "vllm"},
    {"Llama3_405BTp16AcrossNodes",
     "Llama 3 405B, TP 16 across two HGX H100 nodes (two-tier: NVLink 4 + 8 x NDR)",
     "Crossing the node boundary grows one all-reduce from 0.53 ms (TP 8 in one node) to "
     "0.87 ms at line rate, nearly all of it bandwidth (each GPU sends its 1/8 share over its "
     "own NDR NIC; the two extra steps add 10 µs), and from 0.57 to 0.74 ms as NCCL runs it, "
     "where the node's 8 NICs together keep the bandwidth term flat (0.54 to 0.54 ms) and the "
     "growth is the network protocol's fixed cost; either way the layer stays compute-bound.",
     "Llama3_405B",
     16,
     4096,
     "H100",
     "bf16_dense",
     0.5,
     {{{"hgx", "hgx_h100_ndr"}}}},
    {"Llama2_7BPcieBoxTp4",
     "Llama 2 7B, TP 4 on a PCIe-only A100 box",
     "Without NVLink, PCIe carries the all-reduces: the layer turns communication-bound and TP "
     "gives back little of its 4x.",
     "Llama2_7B",
     4,
     4096,
     "A100_PCIE",
     "fp16_dense",
     0.5,
     {{{"pcie4", "pcie4"}, {"nvlink3", "nvlink3"}}}},
    {"Llama3_70BB200Fp8Tp8",
     "Llama 3 70B in FP8, TP 8 on B200",
     "FP8 doubles the peak and halves the compute, but the activations are still all-reduced in "
     "BF16 (FP8 communication is a separate opt-in): the exchange keeps its 134 MB and doubles "
     "against the compute, exchange 0.67x compute on NVLink 5 (0.33x in BF16) and 6.0x on XDR "
     "InfiniBand. Exchanging in FP8 too would halve it back (0.34x and 3.1x).",
     "Llama3_70B",
     8,
     8192,
     "B200",
     "fp8_dense",
     0.5,
     {{{"nvlink", "nvlink5"}, {"infiniband_xdr", "ib_xdr"}}},
     "forward",
     false,
     0,
     "line_rate",
     "flops",
     "nccl",
     -1,
     "bf16"},
    {"Mixtral8x7BTp8",
     "Mixtral 8x7B (MoE), TP 8 on H100",
     "A mixture of experts computes with its 12.9e9 active parameters but exchanges full "
     "hidden-size activations: less compute per byte moved than a dense model of its size.",
     "Mixtral_8x7B",
     8,
     4096,
     "H100",
     "bf16_dense",
     0.5,
     {{{"nvlink", "nvlink4"}, {"infiniband_ndr", "ib_ndr"}}}},
    {"Gpt3TrainingStepTp8",
     "GPT-3 training step, TP 8 on H100 (NVLink vs InfiniBand)",
     "A training step computes three forwards (forward + backward) but pays only twice the "
     "forward's all-reduces (4): its exchange is two thirds of a forward pass's against the "
     "compute (InfiniBand: 1.29x the compute at line rate, not the 3.9x that 4 all-reduces "
     "against one forward's compute would claim).",
     "GPT3",
     8,
     2048,
     "H100",
     "fp16_dense",
     0.5,
     {{{"nvlink", "nvlink4"}, {"infiniband_ndr", "ib_ndr"}}},
     "training"},
    {"Llama3_70BLongContextPrefillTp8",
     "Llama 3 70B prefill of a 128k-token prompt, TP 8 on H100",
     "At 128k tokens, attention over about 64k keys per token is 55% of the layer's FLOPs: "
     "leaving it out, as mlsysim does, makes the exchange look 2.2x larger against the compute "
     "(InfiniBand at line rate: 2.57x the compute instead of 1.16x).",
     "Llama3_70B",
     8,
     131072,
     "H100",
     "bf16_dense",
     0.5,
     {{{"nvlink", "nvlink4"}, {"infiniband_ndr", "ib_ndr"}}},
     "forward",
     false,
     65536},
    {"Llama3_70BDecodeTp8Nccl",
     "Llama 3 70B decode, batch 1, TP 8 on H100, as NCCL runs it",
     "At batch 1 the all-reduce is 16 KiB: as NCCL runs it on NVLink 4 (under vLLM's CUDA graphs, "
     "its own all-reduce off) it takes 18 µs, 2.6x its 7 µs at line rate, all fixed cost. Each "
     "rank still streams its share of the weights, but each of the layer's 11 kernels keeps its "
     "fixed cost whatever the TP: the kernels take 146 µs at TP 8, 387 µs at TP 2, and TP 8 runs "
     "a token 2.3x faster than TP 2 (14.70 against 33.17 ms), not 4x. mlsysim's FLOPs-only model "
     "claims the opposite: TP 8 at 14.6 µs per layer, slower than TP 2's 4.0 µs.",
     "Llama3_70B",
     8,
     1,
     "H100",
     "bf16_dense",
     0.5,
     {{{"nvlink", "nvlink4"}, {"infiniband_ndr", "ib_ndr"}}},
     "decode",
     false,
     4096,
     "nccl",
     "kernels",
     "nccl",
     -1,
     nullptr,
     "vllm"},
    {"Llama3_70BDecodeTp8Vllm",
     "Llama 3 70B decode, batch 32, TP 8 on H100, as vLLM runs it",
     "With CUDA graphs and its own all-reduce kernels, vLLM's 512 KiB all-reduce takes 14 µs "
     "(multimem) instead of NCCL's 29 µs eager. TP 8 splits the 914 µs of one H100's layer (which "
     "could not hold the weights and KV cache) 8 ways to 184 µs of kernels, not 114 µs: each of "
     "its 11 kernels keeps its fixed cost. With the exchange that is 4.3x faster, not 8x: "
     "17.14 ms per token, 1,867 tokens/s.",
     "Llama3_70B",
     8,
     32,
     "H100",
     "bf16_dense",
     0.5,
     {{{"nvlink", "nvlink4"}, {nullptr, nullptr}}},
     "decode",
     false,
     4096,
     "nccl",
     "kernels",
     nullptr,
     -1,
     nullptr,
     "vllm"},
};

AcceleratorEntry expand(const AcceleratorSpec& spec) {
  AcceleratorEntry entry{
      {spec.key,
       spec.name,
       {},
       spec.memory_capacity,
       spec.memory_bandwidth,
       spec.native_link,
       spec.compute_units > 0 ? std::optional<std::int64_t>(spec.compute_units) : std::nullopt},
      spec.short_name,
      spec.source};
  for (const char* suffix : {"_dense", "_sparse"}) {
    const bool sparse = suffix[1] == 's';
    if (sparse && !spec.vendor_prints_sparse) break;
    for (const PeakSpec& peak : spec.dense_peaks) {
      if (!peak.format) break;
      entry.accelerator.peak_flops.push_back(
          {std::string(peak.format) + suffix, (sparse ? 2 : 1) * peak.dense_tflops * kTera});
    }
  }
  return entry;
}

// A fitted list of branches (NCCL's or the serving engine's), up to its first empty slot.
std::vector<Protocol> branches_of(const std::array<ProtocolSpec, kMaxProtocols>& specs) {
  std::vector<Protocol> out;
  for (const ProtocolSpec& p : specs) {
    if (!p.name) break;
    out.push_back({p.name, p.pattern, p.base_latency, p.step_latency, p.efficiency});
  }
  return out;
}

LinkEntry expand(const LinkSpec& spec) {
  LinkEntry entry{
      spec.key,    spec.label, spec.short_name, spec.bandwidth, spec.latency, spec.domain, {},
      spec.source, {}};
  entry.per_peer = spec.per_peer;
  for (const CalibrationSpec& c : kCalibrations) {
    if (std::string_view(c.key) != spec.key) continue;
    entry.protocols = branches_of(c.protocols);
    entry.calibration = c.source;
  }
  for (const CustomCalibrationSpec& c : kCustomCalibrations) {
    if (std::string_view(c.key) != spec.key) continue;
    entry.custom = branches_of(c.branches);
    entry.custom_max_bytes = c.custom_max_bytes;
    entry.custom_calibration = c.source;
  }
  return entry;
}

TwoTierEntry expand(const TwoTierSpec& spec) {
  return {spec.key,        spec.label,          spec.short_name, spec.intra_node,
          spec.inter_node, spec.ranks_per_node, spec.source};
}

WorkloadEntry expand(const WorkloadSpec& spec) {
  return {{spec.key,
           spec.name,
           spec.parameters,
           spec.layers,
           spec.hidden_dim,
           spec.heads,
           spec.kv_heads,
           spec.inference_flops,
           spec.ffn_hidden,
           spec.gated_mlp,
           spec.vocab,
           spec.experts,
           spec.experts_per_token,
           {},
           {}},
          spec.short_name,
          spec.note,
          spec.source};
}

WorkloadEntry expand(const ConfigSpec& spec) {
  Workload w = workload_from_shapes(spec.shapes);
  w.key = spec.key;
  w.name = spec.name;
  return {std::move(w), spec.short_name, spec.note, spec.source};
}

EngineEntry expand(const EngineSpec& spec) {
  return {{spec.key, spec.name, spec.kernel_overhead, spec.step_overhead, spec.launch_overhead,
           spec.allreduce},
          spec.short_name,
          spec.versions,
          spec.source};
}

ScenarioPreset expand(const PresetSpec& spec) {
  ScenarioPreset preset{spec.key, spec.title, spec.lesson, {}};
  Scenario& s = preset.scenario;
  s.workload = find_workload(spec.workload)->workload;
  s.tp_size = spec.tp_size;
  s.tokens = spec.tokens;
  s.accelerator = find_accelerator(spec.accelerator)->accelerator;
  s.precision = spec.precision;
  s.local_efficiency = spec.local_efficiency;
  for (const auto& [name, key] : spec.links) {
    if (!name) continue;
    if (const LinkEntry* link = find_link(key))
      s.links.push_back(link_from(*link, name));
    else
      s.links.push_back(link_from(*find_two_tier(key), name));
  }
  s.pass = spec.pass;
  s.recompute = spec.recompute;
  s.attention_context = spec.attention_context;
  s.link_model = spec.link_model;
  s.compute_model = spec.compute_model;
  if (spec.allreduce) s.allreduce = spec.allreduce;
  if (spec.serving_engine) s.serving_engine = find_engine(spec.serving_engine)->engine;
  if (spec.launch_overhead >= 0) s.launch_overhead = spec.launch_overhead;
  if (spec.exchange_precision)
    s.exchange_precision = parse_precision(spec.exchange_precision)->key();
  return preset;
}

template <class Spec, std::size_t N>
auto expand_all(const Spec (&specs)[N]) {
  std::vector<decltype(expand(specs[0]))> out;
  out.reserve(N);
  for (const Spec& spec : specs) out.push_back(expand(spec));
  return out;
}

template <class Entries, class KeyOf>
auto find_by_key(const Entries& entries, std::string_view key, KeyOf key_of) {
  for (const auto& entry : entries)
    if (key_of(entry) == key) return &entry;
  return static_cast<decltype(&entries[0])>(nullptr);
}

}  // namespace

const std::vector<AcceleratorEntry>& accelerator_catalog() {
  static const std::vector<AcceleratorEntry> table = expand_all(kAccelerators);
  return table;
}

const std::vector<LinkEntry>& link_catalog() {
  static const std::vector<LinkEntry> table = expand_all(kLinks);
  return table;
}

const std::vector<TwoTierEntry>& two_tier_catalog() {
  static const std::vector<TwoTierEntry> table = expand_all(kTwoTierLinks);
  return table;
}

const std::vector<WorkloadEntry>& workload_catalog() {
  static const std::vector<WorkloadEntry> table = [] {
    std::vector<WorkloadEntry> all = expand_all(kWorkloads);
    for (WorkloadEntry& e : expand_all(kConfigWorkloads)) all.push_back(std::move(e));
    return all;
  }();
  return table;
}

const std::vector<ScenarioPreset>& scenario_presets() {
  static const std::vector<ScenarioPreset> table = expand_all(kPresets);
  return table;
}

const std::vector<EngineEntry>& engine_catalog() {
  static const std::vector<EngineEntry> table = expand_all(kEngines);
  return table;
}

const EngineEntry* find_engine(std::string_view key) {
  return find_by_key(engine_catalog(), key, [](const auto& e) { return e.engine.key; });
}

const WorkloadEntry* find_workload(std::string_view key) {
  return find_by_key(workload_catalog(), key, [](const auto& e) { return e.workload.key; });
}

const AcceleratorEntry* find_accelerator(std::string_view key) {
  return find_by_key(accelerator_catalog(), key, [](const auto& e) { return e.accelerator.key; });
}

const LinkEntry* find_link(std::string_view key) {
  return find_by_key(link_catalog(), key, [](const auto& e) { return e.key; });
}

const TwoTierEntry* find_two_tier(std::string_view key) {
  return find_by_key(two_tier_catalog(), key, [](const auto& e) { return e.key; });
}

const ScenarioPreset* find_preset(std::string_view key) {
  return find_by_key(scenario_presets(), key, [](const auto& e) { return e.key; });
}

Link link_from(const LinkEntry& entry, std::string name) {
  Link link{std::move(name), entry.key, entry.bandwidth, entry.latency, {}, entry.protocols};
  link.custom = entry.custom;
  link.custom_max_bytes = entry.custom_max_bytes;
  if (entry.domain > 0) link.domain = entry.domain;
  if (entry.per_peer > 0) link.per_peer = entry.per_peer;
  return link;
}

Link link_from(const TwoTierEntry& entry, std::string name) {
  Link link;
  link.name = std::move(name);
  link.preset = entry.key;
  link.form = LinkForm::TwoTier;
  link.tiers = {link_from(*find_link(entry.intra_node), "intra_node"),
                link_from(*find_link(entry.inter_node), "inter_node")};
  link.ranks_per_node = entry.ranks_per_node;
  return link;
}

}  // namespace tplayer
