#!/usr/bin/env python3
"""Fit the NCCL link model of docs/model.md#nccl-links / #two-tier-links to published all-reduce tables.

Python 3 standard library only; deterministic; no network.

    python3 calibration/fit.py            print the validation report
    python3 calibration/fit.py --json     print the validation report as JSON
    python3 calibration/fit.py --write    re-fit and rewrite calibration/fitted.json
    python3 calibration/fit.py --check    re-fit; exit 1 if the result differs from fitted.json
    python3 calibration/fit.py --compare  in-sample and leave-one-out errors of the three
                                          base-latency policies (why fitted.json uses one)
    python3 calibration/fit.py --rows [TABLE]   per-row measured and model times

Model (exactly what the C++ core implements), for n >= 2 ranks, message M bytes, link
bandwidth B (bytes/s per direction), one launch overhead per all-reduce:

    ring branch:  t_p = base_p + 2(n-1) step_p + 2(n-1)/n * M / (eff_p * B)
    nvls branch:  t_p = base_p + M / (eff_p * B)
    t = launch + min_p t_p

Fully connected links (per_peer set, docs/model.md#links): B = min(bandwidth, (n-1) per_peer).

Two-tier (docs/model.md#two-tier-links, the 2-node tables): the inter-node link's ring branches with N = n/g
nodes in place of n and g * B_inter in place of B.  step_p are NCCL's hwLat values and are
fixed; eff_p and (by policy) base_p are fitted per link, shared by all its tables; launch is
fitted per table.  See calibration/README.md for the choices and their reasons.
"""

import argparse
import copy
import json
import math
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA_DIR = HERE / "data"
FITTED_PATH = HERE / "fitted.json"

MIN_BYTES = 4096  # docs/model.md#calibration: fit and validate on rows >= 4 KiB
SIGNIFICANT_DIGITS = 4  # of every constant written to fitted.json
GB = 1e9
US = 1e-6

# Targets (issue 19): median relative error per table, fitted on it (in sample) and predicted
# without it (left out); looser for RCCL and EFA, whose stacks are not NCCL's alone.
IN_SAMPLE_TARGET = 0.12
LEFT_OUT_TARGET = 0.18
LOOSE_IN_SAMPLE_TARGET = 0.20
LOOSE_LEFT_OUT_TARGET = 0.25

# NCCL's Ring hwLat per step, us (src/graph/tuning.cc, identical in 2.18.6 and 2.30.7;
# NCCL-MODEL.md 1.2).  Fixed, never fitted.
STEP_US = {
    "nvlink": {"ll": 0.6, "ll128": 1.9, "simple": 3.4},
    "pcie": {"ll": 1.0, "ll128": 2.5, "simple": 5.7},
    # NVLSTree's NET hwLat is 14 us in NCCL 2.19-2.27 (20.9 from 2.28; NCCL-MODEL.md 1.2): the
    # tables that fit it ran 2.26.
    "net": {"ll": 2.7, "ll128": 4.0, "simple": 14.0, "nvls_tree": 14.0},
    # RCCL (ROCm/rccl src/graph/tuning.cc, tuning_model_0, NVLINK row: RCCL types xGMI links as
    # NVLink) Ring hwLat; RCCL is NCCL's fork, with its own constants.
    "xgmi": {"ll": 0.8, "ll128": 2.2, "simple": 3.6},
}
# RCCL's one-pass (one-shot) all-reduce for small messages on a fully connected fabric (ROCm/rccl
# pull request 919, "Introduce 1pass allreduce", and the MSCCL all-pairs algorithms it tunes for
# 8 x MI300X, pull requests 1088 and 1629): RCCL's tuning model has no latency for it, so its base
# is fitted and its per-peer step held at 0 (the peers are read at once, over their own links).
ONE_SHOT_START_BASE_US = 10.0
# NCCL's Ring baseLat, us (2.18.6 and 2.30.7), and the NVLS latency of 2.21+ (baseLat 0 plus
# hwLat[NVLINK][NVLS] 25 us; NCCL-MODEL.md 1.2).
NCCL_BASE_US = {"ll": 6.6, "ll128": 14.0, "simple": 8.4, "nvls": 25.0, "nvls_tree": 25.0}

PATTERN = {"ll": "ring", "ll128": "ring", "simple": "ring", "nvls": "nvls",
           "nvls_tree": "nvls_tree", "one_pass": "one_shot"}

# The most of the link a protocol can carry (NCCL's wire formats, src/device/prims_ll*.h): LL
# sends 8-byte lines of 4 data bytes and a 4-byte flag (1/2), LL128 128-byte lines of 120 data
# bytes and an 8-byte flag (120/128, NCCL's own "0.92 /*120.0/128.0*/"); Simple and NVLS carry
# data only.  The fitted efficiencies are bounded by these, not by 1.
PAYLOAD = {"ll": 0.5, "ll128": 120 / 128, "simple": 1.0, "nvls": 1.0, "nvls_tree": 1.0,
           "one_pass": 1.0}


class Link:
    """A calibrated catalogue link: what is fixed, and where its free constants start."""

    def __init__(self, key, bandwidth, hw, branches, start_eff, domain=None, alpha=None,
                 start_base=None, note="", per_peer=None, free_bases=(), later=()):
        self.key = key
        self.bandwidth = bandwidth  # bytes/s per direction (docs/model.md#the-catalogue, 1 GB = 1e9 B)
        # Fully connected (docs/model.md#links): one link of per_peer bytes/s to each peer, so a
        # group of n ranks reaches min(bandwidth, (n - 1) per_peer); None: switched.
        self.per_peer = per_peer
        # Branches whose base latency is fitted whatever the policy (a cost NCCL's model lacks)
        self.free_bases = tuple(free_bases)
        # Branches fitted in a second stage, over every table, with the others held at their fit
        # on the tables where only they run: NVLS-tree runs only across nodes, and the flat links
        # that read the rings must not take their constants from multi-node runs.
        self.later = tuple(later)
        self.hw = hw  # "nvlink" | "pcie" | "net": which hwLat row gives step_p
        self.branches = tuple(branches)
        self.start_eff = dict(start_eff)  # NCCL's own bandwidth / B; where the fit starts
        self.start_base = dict(start_base or {p: NCCL_BASE_US[p] for p in branches})
        self.domain = domain
        self.alpha = alpha  # line-rate latency, s (docs/model.md#the-catalogue), for the line-rate validation
        self.note = note

    def bandwidth_at(self, n):
        """The bandwidth a group of n ranks gets (core: link_bandwidth)."""
        if self.per_peer is None or n < 2:
            return self.bandwidth
        return min(self.bandwidth, (n - 1) * self.per_peer)


def _ratio(busbw_gbps, link_gbps):
    return busbw_gbps / link_gbps


# Start values from NCCL-MODEL.md 1.3-1.4 (NCCL 2.26 tuning model).  A100: 12 channels x 20 GB/s
# = 240 busbw (Simple), LL128 0.92x, LL min(llMaxBw 87.7, 0.5x).  H100: 12 x 30 = 360, LL128
# 331.2, LL 141, NVLS algbw 266.7.  PCIe: NCCL's Gen4 x16 = 24, Gen5 x16 = 48 GB/s, LL 0.5x,
# no LL128 (NCCL enables LL128 only over NVLink paths, tuning.cc "typeIntra <= PATH_NVB"); no
# peer-to-peer goes through host memory (NCCL's AMD_BW 16 GB/s).  Networks: NCCL's 2-node
# rule of thumb algbw ~ 0.7 x the node's NIC aggregate (NCCL-MODEL.md 1.6), LL128 0.92x, LL
# 0.5x; the bases start at NCCL's Ring latency of 2 x 8 GPUs less the 2 inter-node steps
# (baseLat + 28 NVLink steps).
# NVLS-tree (two-tier links only) starts where it wins at 8 nodes and no fewer (efficiency 0.8,
# base 400 us): the rings' constants are held when it is fitted (Link.later).
_NET_START_EFF = {"ll": 0.35, "ll128": 0.644, "simple": 0.7, "nvls_tree": 0.8}
_NET_START_BASE = {"ll": 6.6 + 28 * 0.6, "ll128": 14.0 + 28 * 1.9, "simple": 8.4 + 28 * 3.4,
                   "nvls_tree": 400.0}

LINKS = {
    # DGX-1 hybrid cube mesh (no NVSwitch): NCCL builds rings over the NV1/NV2 links, one NVLink
    # link per channel and direction; V100 has 6 links x SM70_NVLINK_BW 20 = 120 GB/s busbw
    # (NCCL-MODEL.md 1.3); LL128 0.92x; LL min(Volta llMaxBw 39.0, 0.5x).
    "nvlink2": Link("nvlink2", 150 * GB, "nvlink", ("ll", "ll128", "simple"),
                    {"ll": _ratio(39.0, 150), "ll128": _ratio(110.4, 150),
                     "simple": _ratio(120, 150)}, domain=8, alpha=0.5 * US),
    "nvlink3": Link("nvlink3", 300 * GB, "nvlink", ("ll", "ll128", "simple"),
                    {"ll": _ratio(87.7, 300), "ll128": _ratio(220.8, 300),
                     "simple": _ratio(240, 300)}, domain=8, alpha=0.5 * US),
    "nvlink4": Link("nvlink4", 450 * GB, "nvlink", ("ll", "ll128", "simple", "nvls"),
                    {"ll": _ratio(141, 450), "ll128": _ratio(331.2, 450),
                     "simple": _ratio(360, 450), "nvls": _ratio(266.7, 450)},
                    domain=8, alpha=0.5 * US),
    "pcie4": Link("pcie4", 32 * GB, "pcie", ("ll", "simple"),
                  {"ll": _ratio(12, 32), "simple": _ratio(24, 32)}, domain=8, alpha=1 * US),
    "pcie4_host": Link("pcie4_host", 32 * GB, "pcie", ("ll", "simple"),
                       {"ll": _ratio(8, 32), "simple": _ratio(16, 32)}, domain=8,
                       alpha=1 * US),
    # V100 PCIe hosts (PCIe 3.0): NCCL's Gen3 x16 = 12 GB/s, through host memory about half.
    "pcie3_host": Link("pcie3_host", 16 * GB, "pcie", ("ll", "simple"),
                       {"ll": _ratio(3, 16), "simple": _ratio(6, 16)}, domain=8, alpha=1 * US),
    "pcie5": Link("pcie5", 64 * GB, "pcie", ("ll", "simple"),
                  {"ll": _ratio(24, 64), "simple": _ratio(48, 64)}, domain=8, alpha=1 * US),
    # MI300X: 7 xGMI links x 64 GB/s, every GPU pair joined directly (no switch).  RCCL runs
    # rings over them; its base latencies are RCCL's (baseLat 12 / 12 / 17 us in tuning.cc) and
    # its small messages take paths NCCL's model lacks, so the bases are fitted, as on networks.
    # Fully connected: one 64 GB/s link to each of the 7 peers (a group of n uses n - 1).
    # For small messages RCCL reads every peer at once (ONE_SHOT_START_BASE_US): a one-shot
    # branch ("one_pass", RCCL's name), M over each of the group's n - 1 links.  No LL128: RCCL
    # enables it by default on gfx90a (MI200) alone (ROCm/rccl pull request 1054; 1549 builds it
    # for gfx942 but leaves it off by default).
    "infinity_fabric": Link("infinity_fabric", 448 * GB, "xgmi",
                            ("ll", "simple", "one_pass"),
                            {"ll": 0.25, "simple": 0.7, "one_pass": 0.8},
                            domain=8, alpha=0.5 * US,
                            start_base={"ll": 12.0, "simple": 17.0,
                                        "one_pass": ONE_SHOT_START_BASE_US},
                            per_peer=64 * GB,
                            note="RCCL, not NCCL: RCCL is a fork of NCCL with the same ring "
                                 "structure and protocols (LL and Simple; LL128 is off by "
                                 "default on MI300X), its own latency constants "
                                 "(ROCm/rccl src/graph/tuning.cc) and a one-pass kernel for "
                                 "small messages (one_pass, a one_shot pattern: each rank reads "
                                 "its peers' buffers directly); step latencies are RCCL's Ring "
                                 "hwLat, base latencies and efficiencies fitted"),
    # GB200 NVL72: 72 GPUs on NVLink 5 switches.  NCCL's B200 estimates (NCCL-MODEL.md 1.6, 2.26:
    # Ring LL / LL128 / Simple algbw 161.1 / 365.7 / 411.4 at n = 8, i.e. busbw x 1.75; NVLS algbw
    # 600) are where the fit starts and what the ring branches keep (the table has no size where
    # a ring runs).  The NVLS base is fitted: across the rack's 18 trays NVLS ramps up slowly
    # (algbw 297 GB/s at 512 MiB, 425 at 4 GiB), a fixed cost NCCL's 25 us lacks.
    "nvlink5_nvl72": Link("nvlink5_nvl72", 900 * GB, "nvlink", ("ll", "ll128", "simple", "nvls"),
                          {"ll": _ratio(161.1 * 1.75, 900), "ll128": _ratio(365.7 * 1.75, 900),
                           "simple": _ratio(411.4 * 1.75, 900), "nvls": _ratio(600, 900)},
                          domain=72, alpha=0.5 * US, free_bases=("nvls",),
                          note="GB200 NVL72: the NVLS base latency is fitted on the full-rack "
                               "table (the multi-tray NVLS ramp); the ring branches are NCCL's "
                               "B200 estimates (no ring-sized row in the table)"),
    "ib_ndr": Link("ib_ndr", 50 * GB, "net", ("ll", "ll128", "simple", "nvls_tree"),
                   _NET_START_EFF, alpha=5 * US, start_base=_NET_START_BASE, later=("nvls_tree",),
                   note="the rings are fitted on the 2-node table alone; the NVLS-tree branch (two-"
                        "tier links with NVLS in the node only) on the 2-, 4- and 8-node tables "
                        "with the rings held"),
    "efa_p4d": Link("efa_p4d", 6.25 * GB, "net", ("simple",), _NET_START_EFF, alpha=5 * US,
                    start_base=_NET_START_BASE,
                    note="AWS p4d: 4 x 100 Gb/s EFA per 8-GPU node, 50 Gb/s = 6.25 GB/s per "
                         "GPU; Simple only (the table forces it, as AWS advises on EFA); "
                         "line-rate alpha 5 us assumed (no catalogue entry)"),
    "efa_p5": Link("efa_p5", 50 * GB, "net", ("ll", "ll128", "simple"), _NET_START_EFF,
                   alpha=5 * US, start_base=_NET_START_BASE,
                   note="AWS p5.48xlarge: 32 x EFAv2 per 8-GPU node, 3200 Gb/s = 400 Gb/s = "
                        "50 GB/s per GPU; line-rate alpha 5 us assumed"),
    "tcpxo_a3mega": Link("tcpxo_a3mega", 25 * GB, "net", ("ll", "ll128", "simple"),
                         _NET_START_EFF, alpha=5 * US, start_base=_NET_START_BASE,
                         note="GCP A3 Mega: 8 x 200 Gb/s GPUDirect-TCPXO per node, 25 GB/s "
                              "per GPU; line-rate alpha 5 us assumed (no catalogue entry)"),
}

# Intra-node links of the two-tier tables' line-rate model (docs/model.md#two-tier-links; catalogue #the-catalogue).
INTRA = {"nvlink3": (300 * GB, 0.5 * US), "nvlink4": (450 * GB, 0.5 * US)}

# Launch modes of the harnesses (calibration/data README): typical launch overhead, us.
# A process that drives k GPUs (-g k) launches each GPU's kernel in turn from one thread: the
# typical launch grows with k, 2.5 us a GPU (20 us at -g 8, docs/model.md#calibration).
LAUNCH_US_PER_GPU = 2.5
LAUNCH_MODES = {
    "g8": ("-g 8, one process drives 8 GPUs", 8 * LAUNCH_US_PER_GPU),
    "g4": ("-g 4, one process drives 4 GPUs", 4 * LAUNCH_US_PER_GPU),
    "g2": ("-g 2, one process drives 2 GPUs", 2 * LAUNCH_US_PER_GPU),
    "process_per_gpu": ("one process per GPU", 10.0),
    "averaged": ("timing averaged over back-to-back calls", 5.0),
}


class TableSpec:
    def __init__(self, file, link, launch, system, branches=None, intra=None, nodes=None,
                 loose=False, later=False):
        self.file = file
        self.link = link
        self.launch = launch
        self.system = system
        self.branches = branches  # None: every branch of the link competes
        self.intra = intra  # two-tier tables: the intra-node link (line rate only)
        self.nodes = nodes  # when the text does not say (no '# ranks: ... on N node(s)' line)
        self.loose = loose  # RCCL and EFA: the looser targets
        # Fits only its link's later branches (Link.later): the others come from its own tables.
        self.later = later


TABLES = (
    TableSpec("a100x8_mpirun.txt", "nvlink3", "process_per_gpu", "8x A100 SXM, NVLink 3"),
    TableSpec("a100x4_llmcompass.txt", "nvlink3", "averaged", "4x A100, NVLink 3"),
    # Run with NVLS off: only the ring branches compete, i.e. it is priced as nvlink4_ring.
    TableSpec("h100x8_ring.txt", "nvlink4", "g8", "8x H100 SXM, NVLink 4, NVLS off",
              branches=("ll", "ll128", "simple")),
    TableSpec("h100x8_nvls.txt", "nvlink4", "g8", "8x H100 SXM, NVLink 4, NVLS on"),
    TableSpec("rtx4090x8_p2p.txt", "pcie4", "g8", "8x RTX 4090, PCIe 4, P2P"),
    TableSpec("rtx4090x8_nop2p.txt", "pcie4_host", "g8", "8x RTX 4090, PCIe 4, no P2P"),
    TableSpec("rtx5090x8_p2p.txt", "pcie5", "g8", "8x RTX 5090, PCIe 5, P2P"),
    TableSpec("h100x16_ib_ndr.txt", "ib_ndr", "process_per_gpu", "2x8 H100, 8x IB NDR/node",
              intra="nvlink4"),
    TableSpec("a100x16_efa.txt", "efa_p4d", "process_per_gpu", "2x8 A100, 4x EFA/node",
              branches=("simple",), intra="nvlink3", loose=True),
    TableSpec("h100x16_tcpxo.txt", "tcpxo_a3mega", "process_per_gpu",
              "2x8 H100, 8x TCPXO/node", intra="nvlink4"),
    # Added in a later round (each table names its source in its first line).
    TableSpec("h100sxm_4_g4.txt", "nvlink4", "g4", "4x H100 SXM, NVLink 4 (NVSwitch)"),
    TableSpec("v100sxm2_8_dgx1_g8.txt", "nvlink2", "g8", "8x V100 SXM2, DGX-1 cube mesh"),
    TableSpec("a100pcie_4_g4.txt", "pcie3_host", "g4", "4x A100 PCIe, no P2P, 2 sockets"),
    TableSpec("v100pcie_2_azure_g2.txt", "pcie3_host", "g2", "2x V100 PCIe, no P2P (Azure)"),
    TableSpec("mi300x_8.txt", "infinity_fabric", "process_per_gpu", "8x MI300X, RCCL",
              loose=True),
    TableSpec("h100_16_2node_efa_p5.txt", "efa_p5", "process_per_gpu",
              "2x8 H100, 32x EFAv2/node (p5)", intra="nvlink4", nodes=2, loose=True),
    # ib_ndr across 2, 4 and 8 nodes (the thread of h100x16_ib_ndr.txt: the reporter's 4-node run
    # and a second cluster's 2-, 4- and 8-node runs), where NCCL runs NVLSTree across the nodes:
    # they fit its NVLS-tree branch alone (later=True), the rings staying h100x16_ib_ndr.txt's.
    TableSpec("h100x16_ib_ndr_b.txt", "ib_ndr", "process_per_gpu",
              "2x8 H100, 8x IB NDR/node, 2nd cluster", intra="nvlink4", later=True),
    TableSpec("h100x32_ib_ndr.txt", "ib_ndr", "process_per_gpu", "4x8 H100, 8x IB NDR/node",
              intra="nvlink4", later=True),
    TableSpec("h100x32_ib_ndr_b.txt", "ib_ndr", "process_per_gpu",
              "4x8 H100, 8x IB NDR/node, 2nd cluster", intra="nvlink4", later=True),
    TableSpec("h100x64_ib_ndr.txt", "ib_ndr", "process_per_gpu",
              "8x8 H100, 8x IB NDR/node, 2nd cluster", intra="nvlink4", later=True),
    # Added for issue 42.  512 MiB and up on an NVLink SHARP domain: NVLS (NCCL-MODEL.md 1.6).
    TableSpec("gb200nvl72_72.txt", "nvlink5_nvl72", "process_per_gpu",
              "GB200 NVL72, full rack, NVLS", branches=("nvls",)),
)


# Left out, a link with one table is predicted from its kin: the kin's fitted efficiencies and
# base latencies at the link's own bandwidth and step latencies (branches the kin lacks keep
# NCCL's values).  Each pair is one where NCCL's own bandwidth estimates stand in the ratio of
# the catalogue's bandwidths, so "the same efficiencies" is NCCL's structure, not a guess.
KIN = {
    "nvlink2": ("nvlink3", "NCCL's per-link NVLink bandwidth is 20 GB/s on V100 and A100 "
                           "(SM70_NVLINK_BW = SM80_NVLINK_BW) and the catalogue's 150 and 300 "
                           "GB/s are 6 and 12 links: the same efficiencies"),
    "pcie4": ("pcie5", "NCCL's PCIe estimates, Gen4 24 and Gen5 48 GB/s (width x speed / 80), "
                       "stand as the catalogue's 32 and 64 GB/s: the same efficiencies"),
    "pcie5": ("pcie4", "NCCL's PCIe estimates, Gen5 48 and Gen4 24 GB/s, stand as the "
                       "catalogue's 64 and 32 GB/s: the same efficiencies"),
    "pcie4_host": ("pcie3_host", "through host memory on PCIe 4 as on PCIe 3, at NCCL's Gen4 / "
                                 "Gen3 ratio 24/12 = the catalogue's 32/16: the same "
                                 "efficiencies"),
    "pcie3_host": ("pcie4_host", "through host memory on PCIe 3 as on PCIe 4, at NCCL's Gen3 / "
                                 "Gen4 ratio: the same efficiencies"),
    "infinity_fabric": ("nvlink3", "no other RCCL table: an 8-GPU scale-up fabric priced as "
                                   "NCCL prices NVLink 3 (8 GPUs, 300 GB/s, NCCL's latencies), "
                                   "at 448 GB/s"),
    "nvlink5_nvl72": ("nvlink4", "no other NVL72 table: NVLink with NVLS as NCCL runs it on an "
                                 "H100 board (its fitted NVLS efficiency and NCCL's 25 us), at "
                                 "900 GB/s"),
    "ib_ndr": ("efa_p5", "8 x 400 Gb/s per 8 H100 node, 2 nodes, like p5's 32 x EFAv2: the same "
                         "bandwidth per GPU, the same constants"),
    "efa_p5": ("ib_ndr", "8 x 400 Gb/s InfiniBand NDR per 8 H100 node, 2 nodes: the same "
                         "bandwidth per GPU, the same constants"),
    "efa_p4d": ("efa_p5", "EFA on p5 at p4d's bandwidth (its Simple branch)"),
    "tcpxo_a3mega": ("ib_ndr", "an H100 node's 8 NICs across 2 nodes, at TCPXO's bandwidth"),
}

# NCCL's per-link NVLink bandwidth, GB/s (src/graph/topo.h, 2.27.7-2.30.7; NCCL-MODEL.md 1.3).
SM90_NVLINK_BW = 20.6
SM100_NVLINK_BW = 40.1

CARRIED = (
    # key, from, bandwidth, domain, bandwidth-ratio of what NCCL reaches, drop nvls
    ("nvlink4_ring", "nvlink4", 450 * GB, 8, 1.0, True),
    ("nvlink5", "nvlink4", 900 * GB, 8, SM100_NVLINK_BW / SM90_NVLINK_BW, False),
    ("pcie3", "pcie4", 16 * GB, 8, None, False),
    ("ib_hdr", "ib_ndr", 25 * GB, None, None, False),
    ("ib_xdr", "ib_ndr", 100 * GB, None, None, False),
    ("pcie5_host", "pcie4_host", 64 * GB, 8, None, False),
    ("cx7_200g", "ib_ndr", 25 * GB, None, None, False),
    ("thunderbolt5", "ib_ndr", 10 * GB, None, None, False),
    ("roce_400g", "ib_ndr", 50 * GB, None, None, False),
)

CARRIED_WHY = {
    "pcie5_host": "no PCIe 5 table without peer-to-peer exists here: through host memory on "
                  "PCIe 5 as on PCIe 4, at NCCL's Gen5 / Gen4 ratio 48/24 = the catalogue's "
                  "64/32",
    "cx7_200g": "two DGX Sparks over one 200 Gb/s ConnectX-7 cable publish all_reduce_perf "
                "tables (NVIDIA/dgx-spark-playbooks issue #102, pull request #103), none copied "
                "here whole yet: the network branches of ib_ndr (the same ConnectX-7 NIC) at "
                "25 GB/s",
    "thunderbolt5": "no nccl-tests table over Thunderbolt exists here (NCCL would run its "
                    "socket transport): the network branches of ib_ndr at 10 GB/s, an "
                    "optimistic floor",
    "roce_400g": "no two-node table over 400 GbE RoCE exists here (a 2 x 8 MI300X run over "
                 "AMD AINIC, ROCm/container-toolkit pull request #77, is not copied here "
                 "whole): the network branches of ib_ndr, the same 400 Gb/s RDMA class, at "
                 "50 GB/s",
    "pcie3": "no PCIe 3 peer-to-peer table exists here; NCCL's PCIe estimates (Gen3 x16 12, "
             "Gen4 x16 24 GB/s: width x speed / 80) stand as the catalogue's 16 and 32 GB/s",
}

POLICIES = {
    "nccl": "base latencies fixed at NCCL's baseLat (Ring LL 6.6, LL128 14, Simple 8.4 us; "
            "NVLS 25 us) on NVLink and PCIe; fitted (>= 0) on networks",
    "anchor": "LL base fixed at NCCL's 6.6 us, the other bases fitted (>= 0) on NVLink and "
              "PCIe; all fitted on networks",
    "free": "every base fitted (>= 0); the launch/base split then rests on the launch prior",
}
DEFAULT_POLICY = "nccl"

# Priors (the objective is a MAP estimate: squared log errors plus these terms).
# - Launch: log-normal at the harness's typical value, sigma = ln 2 ("typical" = within x2),
#   against a model error of 10 % per row: (0.10 / ln 2)^2 / rows x log((L + 1) / (L0 + 1))^2
#   per table (us).  Launch and the link's fixed latencies enter every time as a sum, and on
#   the -g 8 tables (whose CPU launch overlaps the GPU work) the least-squares optimum without
#   it trades the harness's launch for the link's LL128 latency (launch 0 us on
#   h100x8_ring.txt, LL at 0.08 %): a link constant that would not transfer to another
#   harness.  Where every base of a link is free (networks), launch and base are not separable
#   at all and the launch is the typical value.
# - Efficiencies: PRIOR_WEIGHT x log(eff / NCCL's value)^2, only to break ties: a branch that no
#   row constrains (or that no training table can use, left one out) keeps NCCL's value.
PRIOR_WEIGHT = 1e-7
MODEL_ERROR = 0.10
LAUNCH_SIGMA = math.log(2.0)
LAUNCH_PRIOR_WEIGHT = (MODEL_ERROR / LAUNCH_SIGMA) ** 2  # per table, divided by its rows


# ---------------------------------------------------------------------------------------
# Parsing (docs/model.md#measured-links)


class ParseError(ValueError):
    pass


def _number(text):
    try:
        return float(text)
    except ValueError:
        return None


def _whole_bytes(text):
    return int(text) if re.fullmatch(r"\d+", text) and int(text) > 0 else None


def parse_table(text):
    """Parse an all_reduce_perf output (or the two-column bytes/us table its header names).

    Returns {"rows": [(bytes, out-of-place time us)], "ranks", "nodes", "header": {key: text},
    "skipped": lines that are not kept rows, "busbw_over_algbw": of the largest kept row}.
    """
    header = {}
    rank_lines = 0
    for line in text.splitlines():
        m = re.match(r"#\s*([A-Za-z][\w ]*?):\s*(.*)$", line)
        if m and m.group(1).lower() not in header:
            header[m.group(1).lower()] = m.group(2).strip()
        if re.match(r"#\s+Rank\s+\d+", line):
            rank_lines += 1
    two_columns = "two columns" in header.get("note", "")
    # Old nccl-tests (2019 and before) print no root column: size, count, type, redop, time,
    # algbw, busbw, error.  The column header says which layout a table has; without one, a
    # row whose fifth field is a number but not a whole one (a root is whole, or "-") is old.
    layout = None
    for line in text.splitlines():
        names = line.lstrip("#").split()
        if line.lstrip().startswith("#") and "redop" in names and any(
                n.startswith("time") for n in names):
            layout = 5 if "root" in names else 4
            break
    rows, skipped, ratio = [], 0, None
    for number, line in enumerate(text.splitlines(), 1):
        fields = line.split()
        if line.lstrip().startswith("#") or not fields:
            skipped += 1
            continue
        at = layout
        if at is None:
            at = 4 if (len(fields) > 4 and not re.fullmatch(r"-?\d+", fields[4])
                       and _number(fields[4]) is not None) else 5
        size = _whole_bytes(fields[0])
        if two_columns:
            values = [_number(f) for f in fields[1:2]] if len(fields) == 2 else []
            time_us = values[0] if values and values[0] is not None else None
            if size is None or time_us is None:
                skipped += 1
                continue
            row_ratio = None
        else:
            if len(fields) < at + 3 or size is None:
                skipped += 1
                continue
            time_us, algbw, busbw = (_number(f) for f in fields[at:at + 3])
            if time_us is None or algbw is None or busbw is None:
                skipped += 1
                continue
            row_ratio = busbw / algbw if algbw > 0 else None
        if rows and size <= rows[-1][0]:
            skipped += 1  # repeated runs, other data types: keep rows while the size grows
            continue
        if not (math.isfinite(time_us) and time_us > 0):
            raise ParseError(f"line {number}: time {fields[1 if two_columns else at]!r} "
                             "is not a finite number > 0")
        rows.append((size, time_us))
        ratio = row_ratio
    if len(rows) < 2:
        raise ParseError(f"{len(rows)} usable rows; at least two are needed")
    ranks = nodes = None
    m = re.match(r"(\d+)(?:\s+on\s+(\d+)\s+node)?", header.get("ranks", ""))
    if m:
        ranks = int(m.group(1))
        nodes = int(m.group(2)) if m.group(2) else None
    if ranks is None and rank_lines:
        ranks = rank_lines
    if ranks is None and ratio is not None and ratio < 2:
        ranks = max(2, round(2 / (2 - ratio)))
    if ranks is None:
        raise ParseError("the number of ranks is not in the text")
    return {"rows": rows, "ranks": ranks, "nodes": nodes or 1, "header": header,
            "skipped": skipped, "busbw_over_algbw": ratio}


# ---------------------------------------------------------------------------------------
# The model (docs/model.md#the-layer, #nccl-links, #two-tier-links), SI units


def branch_time(pattern, n, message_bytes, bandwidth, base, step, efficiency):
    """One protocol branch of docs/model.md#nccl-links (seconds)."""
    if pattern == "ring":
        return base + 2 * (n - 1) * step + 2 * (n - 1) / n * message_bytes / (
            efficiency * bandwidth)
    if pattern == "nvls":
        return base + message_bytes / (efficiency * bandwidth)
    if pattern in ("tree", "nvls_tree"):  # an all-reduce's M up and M down, 2 ceil(log2 n) steps
        return base + 2 * math.ceil(math.log2(n)) * step + 2 * message_bytes / (
            efficiency * bandwidth)
    if pattern == "one_shot":  # each rank reads the other n-1 buffers whole, a step per peer
        return base + (n - 1) * step + (n - 1) * message_bytes / (efficiency * bandwidth)
    raise ValueError(f"unknown pattern {pattern!r}")


def nccl_time(protocols, n, message_bytes, bandwidth, launch, nvls=True, nvls_nodes=False,
              fully_connected=False):
    """t = launch + min_p t_p over the branches (dicts as in fitted.json); (time, winner).
    nvls: NVLS branches may run (within the domain); nvls_nodes: NVLS-tree ones may (across the
    nodes of a two-tier link whose node link has NVLS); fully_connected: one-shot ones may (a
    fully connected link, within its domain: nvls)."""
    if n < 2:
        return 0.0, None
    best = None
    for p in protocols:
        if ((p["pattern"] == "nvls" and not nvls)
                or (p["pattern"] == "nvls_tree" and not nvls_nodes)
                or (p["pattern"] == "one_shot" and not (fully_connected and nvls))):
            continue
        t = branch_time(p["pattern"], n, message_bytes, bandwidth, p["base_latency_s"],
                        p["step_latency_s"], p["efficiency"])
        if best is None or t < best[0]:
            best = (t, p["name"])
    return launch + best[0], best[1]


def nccl_two_tier_time(protocols, n, ranks_per_node, message_bytes, inter_bandwidth, launch,
                       nvls_nodes=False):
    """docs/model.md#two-tier-links across nodes: the network link's branches with N = n / g and
    g * B_inter (NVLS-tree ones when the node link has NVLS: nvls_nodes)."""
    nodes = n // ranks_per_node
    return nccl_time(protocols, nodes, message_bytes, ranks_per_node * inter_bandwidth, launch,
                     nvls=False, nvls_nodes=nvls_nodes)


def line_rate_time(n, message_bytes, bandwidth, alpha):
    """docs/model.md#the-layer: ring all-reduce at line rate (seconds)."""
    if n < 2:
        return 0.0
    return 2 * (n - 1) / n * message_bytes / bandwidth + 2 * (n - 1) * alpha


def line_rate_two_tier_time(n, g, message_bytes, intra_bw, intra_alpha, inter_bw, inter_alpha):
    """docs/model.md#two-tier-links line rate: reduce-scatter in the node, all-reduce of M/g across, all-gather."""
    nodes = n // g
    t_rs = (g - 1) / g * message_bytes / intra_bw + (g - 1) * intra_alpha
    t_x = (2 * (nodes - 1) / nodes * (message_bytes / g) / inter_bw
           + 2 * (nodes - 1) * inter_alpha)
    return 2 * t_rs + t_x


# ---------------------------------------------------------------------------------------
# Tables prepared for fitting


class Table:
    def __init__(self, spec):
        self.spec = spec
        self.name = spec.file
        text = (DATA_DIR / spec.file).read_text()
        parsed = parse_table(text)
        self.header = parsed["header"]
        self.ranks = parsed["ranks"]
        self.nodes = spec.nodes or parsed["nodes"]
        self.g = self.ranks // self.nodes
        self.rows = [(m, t) for m, t in parsed["rows"] if m >= MIN_BYTES]
        link = LINKS[spec.link]
        self.link = link
        self.two_tier = self.nodes > 1
        # NVLS-tree runs only across the nodes of a two-tier table whose node link has NVLS, a
        # one-shot only on a fully connected link within its domain.
        self.nvls_nodes = self.two_tier and "nvls" in LINKS[spec.intra].branches
        one_shot = (not self.two_tier and link.per_peer is not None
                    and (link.domain is None or self.ranks <= link.domain))
        self.branches = tuple(p for p in (spec.branches or link.branches)
                              if (PATTERN[p] != "nvls_tree" or self.nvls_nodes)
                              and (PATTERN[p] != "one_shot" or one_shot))
        # n and B the branches see: N and g * B_inter across nodes (docs/model.md#two-tier-links)
        self.n_eff = self.nodes if self.two_tier else self.ranks
        self.bw_eff = (self.g * link.bandwidth if self.two_tier
                       else link.bandwidth_at(self.ranks))
        self.typical_launch_us = LAUNCH_MODES[spec.launch][1]
        self.targets = ((LOOSE_IN_SAMPLE_TARGET, LOOSE_LEFT_OUT_TARGET) if spec.loose
                        else (IN_SAMPLE_TARGET, LEFT_OUT_TARGET))
        n = self.n_eff
        # per branch: the fixed step latency (us) and each row's volume term at efficiency 1
        self.lat = {}
        self.vol = {}
        for p in self.branches:
            if PATTERN[p] == "ring":
                self.lat[p] = 2 * (n - 1) * STEP_US[link.hw][p]
                self.vol[p] = [2 * (n - 1) / n * m / self.bw_eff / US for m, _ in self.rows]
            elif PATTERN[p] == "nvls_tree":  # the tree: 2 ceil(log2 N) steps, M up and M down
                self.lat[p] = 2 * math.ceil(math.log2(n)) * STEP_US[link.hw][p]
                self.vol[p] = [2 * m / self.bw_eff / US for m, _ in self.rows]
            elif PATTERN[p] == "one_shot":  # (n-1) M, M over each link to the group; step 0
                self.lat[p] = 0.0
                self.vol[p] = [(n - 1) * m / self.bw_eff / US for m, _ in self.rows]
            else:
                self.lat[p] = 0.0
                self.vol[p] = [m / self.bw_eff / US for m, _ in self.rows]
        self.log_measured = [math.log(t) for _, t in self.rows]

    def _branch_times(self, eff, base):
        return [[base[p] + self.lat[p] + v / eff[p] for v in self.vol[p]] for p in self.branches]

    def model_us(self, eff, base, launch_us):
        """Model times (us) and the winning branch, per row."""
        cols = self._branch_times(eff, base)
        out = []
        for i in range(len(self.rows)):
            k = min(range(len(cols)), key=lambda j: cols[j][i])  # first branch on a tie
            out.append((launch_us + cols[k][i], self.branches[k]))
        return out

    def sq_log_error(self, eff, base, launch_us):
        """Mean squared log(model / measured) over the table's rows."""
        best = map(min, *self._branch_times(eff, base)) if len(self.branches) > 1 else \
            self._branch_times(eff, base)[0]
        log = math.log
        s = 0.0
        for b, lm in zip(best, self.log_measured):
            d = log(launch_us + b) - lm
            s += d * d
        return s / len(self.rows)

    def line_rate_us(self):
        spec, link = self.spec, self.link
        out = []
        for m, _ in self.rows:
            if self.two_tier:
                intra_bw, intra_alpha = INTRA[spec.intra]
                t = line_rate_two_tier_time(self.ranks, self.g, m, intra_bw, intra_alpha,
                                            link.bandwidth, link.alpha)
            else:
                t = line_rate_time(self.ranks, m, link.bandwidth_at(self.ranks), link.alpha)
            out.append(t / US)
        return out


# ---------------------------------------------------------------------------------------
# Minimiser: a deterministic pattern search (compass moves along given directions, step
# doubling on success and halving on failure, plus a Hooke-Jeeves pattern move per sweep).


def pattern_search(f, x0, directions, steps, lo, hi, tol=1e-7, max_evals=20000):
    """Minimise f from x0 within [lo, hi]: per direction, try +h and -h, keep h on a success
    and halve it on a failure; after each sweep that improved, extend the sweep's net move
    while that keeps improving (Hooke-Jeeves).  Stops when every h <= tol (or after
    max_evals, deterministically)."""
    x = list(x0)
    fx = f(x)
    h = list(steps)
    evals = 1

    def clamp(v):
        return [min(hi[i], max(lo[i], v[i])) for i in range(len(v))]

    while max(h) > tol and evals < max_evals:
        x_start, f_start = x, fx
        for k, d in enumerate(directions):
            if h[k] <= tol:
                continue
            moved = False
            for sign in (1.0, -1.0):
                y = clamp([x[i] + sign * h[k] * d[i] for i in range(len(x))])
                if y == x:
                    continue
                fy = f(y)
                evals += 1
                if fy < fx:
                    x, fx, moved = y, fy, True
                    break
            if not moved:
                h[k] *= 0.5
        scale = 1.0
        while fx < f_start and evals < max_evals:  # pattern moves, doubling while they gain
            y = clamp([x[i] + scale * (x[i] - x_start[i]) for i in range(len(x))])
            fy = f(y)
            evals += 1
            if not fy < fx:
                break
            x_start, f_start, x, fx = x, fx, y, fy
            scale = 2.0
    return x, fx


# ---------------------------------------------------------------------------------------
# Fitting


def fixed_bases(link, policy):
    """Branches whose base latency is fixed (at NCCL's baseLat) under a policy."""
    if link.hw in ("net", "xgmi") or policy == "free":
        return set()
    if policy == "nccl":
        return set(link.branches) - set(link.free_bases)
    if policy == "anchor":
        return {"ll"} & set(link.branches) - set(link.free_bases)
    raise ValueError(policy)


def fit_link(link, tables, policy, held=None):
    """Fit a link's constants over its tables.  Returns (eff, base_us, {table: launch_us}).

    Branches that none of the tables can use keep NCCL's values (their start); `held`:
    {branch: (eff, base_us)} kept as given."""
    held = held or {}
    used = sorted({p for t in tables for p in t.branches if p not in held},
                  key=link.branches.index)
    fixed = fixed_bases(link, policy)
    names, x0, lo, hi = [], [], [], []

    def add(name, start, low, high):
        names.append(name)
        x0.append(start)
        lo.append(low)
        hi.append(high)

    # Ring efficiencies as a chain, NCCL's order (its tuning model has LL < LL128 < Simple for
    # every GPU and link): log eff_simple, then log(eff_ll128 / eff_simple) <= 0 and
    # log(eff_ll / eff_ll128) <= 0; each then capped by its payload share (PAYLOAD).
    # A one-shot reaches no more of the link than Simple either (its efficiency below Simple's).
    chain = [p for p in ("simple", "ll128", "ll") if p in link.branches and p not in held]
    if any(p in used for p in chain):
        used = sorted(set(used) | set(chain), key=link.branches.index)
    under_simple = [p for p in used if PATTERN[p] == "one_shot" and chain and chain[0] == "simple"]

    def above(p):
        return "simple" if p in under_simple else chain[chain.index(p) - 1]

    for p in used:
        if (p in chain and p != "simple") or p in under_simple:
            up = above(p)
            ratio = min(link.start_eff[p], PAYLOAD[p]) / min(link.start_eff[up], PAYLOAD[up])
            add(("below", p), math.log(min(1.0, ratio)), math.log(1e-3), 0.0)
        else:
            add(("eff", p), math.log(min(link.start_eff[p], PAYLOAD[p])), math.log(1e-3),
                math.log(PAYLOAD[p]))
    for p in used:
        if p not in fixed:
            add(("base", p), link.start_base[p], 0.0, 1e4)
    for t in tables:
        add(("launch", t.name), t.typical_launch_us, 0.0, 1e4)
    dim = len(names)
    directions = [[1.0 if j == i else 0.0 for j in range(dim)] for i in range(dim)]
    dir_steps = [0.25 if names[i][0] in ("eff", "below") else 4.0 for i in range(dim)]
    # One branch's efficiency alone (the chain's coordinates move every branch below it).
    index = {n: i for i, n in enumerate(names)}
    for p, q in list(zip(chain, chain[1:])) + [("simple", q) for q in under_simple]:
        i = index.get(("eff", p), index.get(("below", p)))
        j = index.get(("below", q))
        if i is not None and j is not None:
            d = [0.0] * dim
            d[i], d[j] = 1.0, -1.0
            directions.append(d)
            dir_steps.append(0.25)
    if any(n[0] == "base" for n in names):  # the launch/base trade: all bases up, launches down
        d = [1.0 if n[0] == "base" else (-1.0 if n[0] == "launch" else 0.0) for n in names]
        directions.append(d)
        dir_steps.append(4.0)

    def unpack(x):
        eff = {p: link.start_eff[p] for p in link.branches}
        base = {p: link.start_base[p] if p not in fixed else NCCL_BASE_US[p]
                for p in link.branches}
        for p in fixed:
            base[p] = NCCL_BASE_US[p]
        launch = {}
        below = {}
        for (kind, key), v in zip(names, x):
            if kind == "eff":
                eff[key] = math.exp(v)
            elif kind == "below":
                below[key] = v
            elif kind == "base":
                base[key] = v
            elif kind == "launch":
                launch[key] = v
        raw = eff.get("simple")
        for p in chain[1:]:
            if p in below:
                raw = raw * math.exp(below[p])
                eff[p] = min(PAYLOAD[p], raw)
        for p in under_simple:
            eff[p] = min(PAYLOAD[p], eff["simple"] * math.exp(below[p]))
        for p, (e, b) in held.items():
            eff[p], base[p] = e, b
        return eff, base, launch

    rows = {t.name: len(t.rows) for t in tables}
    prior_at = []  # (index, is a latency, value the prior sits at, weight); none on bases
    for i, (kind, key) in enumerate(names):
        if kind in ("eff", "below"):
            prior_at.append((i, False, x0[i], PRIOR_WEIGHT))
        elif kind == "launch":
            prior_at.append((i, True, math.log(x0[i] + 1.0), LAUNCH_PRIOR_WEIGHT / rows[key]))

    def objective(x):
        eff, base, launch = unpack(x)
        s = 0.0
        for t in tables:
            s += t.sq_log_error(eff, base, launch[t.name])
        for i, latency, at, weight in prior_at:
            d = (math.log(x[i] + 1.0) if latency else x[i]) - at
            s += weight * d * d
        return s

    # Global stage: NCCL's start and STARTS_PER_DIMENSION quasi-random starts per free constant
    # (a Halton sequence over log efficiency and log base; launches start at their typical
    # value), each searched coarsely; then the best POLISH are refined.  Deterministic.
    free = [i for i, (kind, _) in enumerate(names) if kind != "launch"]
    starts = [list(x0)]
    for k in range(1, STARTS_PER_DIMENSION * len(free) + 1):
        start = list(x0)
        for j, i in enumerate(free):
            u = halton(k, PRIMES[j])
            if names[i][0] != "base":
                start[i] = lo[i] * 0.7 + (hi[i] - lo[i] * 0.7) * u  # eff in [~0.008, cap]
            else:
                start[i] = math.exp(math.log(0.5) + (math.log(2000.0) - math.log(0.5)) * u)
        starts.append(start)
    coarse = []
    for start in starts:
        x, fx = pattern_search(objective, start, directions, dir_steps, lo, hi, tol=COARSE_TOL)
        coarse.append((fx, x))
    coarse.sort(key=lambda c: c[0])
    best = None
    for _, start in coarse[:POLISH]:
        x, fx = pattern_search(objective, start, directions, dir_steps, lo, hi)
        if best is None or fx < best[1]:
            best = (x, fx)
    return unpack(best[0])


def only(table, branches):
    """The table as seen by a fit of `branches` alone (a shallow copy)."""
    t = copy.copy(table)
    t.branches = tuple(p for p in table.branches if p in branches)
    return t


def fit_link_staged(link, tables, policy, kin_fit=None):
    """fit_link, in two stages for a link with later branches (Link.later): the others on its
    own tables (TableSpec later=False; with none left, `kin_fit`'s constants, as a left-out link
    with no table carries its kin's), then the later ones on every table with those held."""
    if not link.later:
        return fit_link(link, tables, policy)
    rest = [p for p in link.branches if p not in link.later]
    own = [only(t, rest) for t in tables if not t.spec.later]
    if own:
        eff, base, _ = fit_link(link, own, policy)
    else:
        eff, base = kin_fit
    held = {p: (eff[p], base[p]) for p in rest}
    return fit_link(link, tables, policy, held=held)


PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47)
STARTS_PER_DIMENSION = 8
POLISH = 3
COARSE_TOL = 0.05


def halton(index, base):
    """The index-th element of the van der Corput sequence in a prime base, in (0, 1)."""
    f, r = 1.0, 0.0
    while index > 0:
        f /= base
        r += f * (index % base)
        index //= base
    return r


def fit_launch_only(table, eff, base):
    """The one harness constant of a held-out table, link constants frozen."""
    def objective(x):
        return table.sq_log_error(eff, base, x[0])
    x, _ = pattern_search(objective, [table.typical_launch_us], [[1.0]], [4.0], [0.0], [1e4])
    return x[0]


def round_sig(x, digits=SIGNIFICANT_DIGITS):
    if x == 0 or not math.isfinite(x):
        return x
    return float(f"{x:.{digits - 1}e}")


def rounded_constants(link, eff, base):
    """The constants as fitted.json stores them (what validation and the core use)."""
    r_eff = {p: round_sig(eff[p]) for p in link.branches}
    r_base = {p: round_sig(base[p] * US) / US for p in link.branches}
    return r_eff, r_base


def errors(model, measured):
    rel = sorted(abs(m - t) / t for m, t in zip(model, measured))
    k = len(rel)
    median = rel[k // 2] if k % 2 else 0.5 * (rel[k // 2 - 1] + rel[k // 2])
    return median, rel[-1]


def protocols_json(link, eff, base, ratio=1.0, drop_nvls=False):
    out = []
    for p in link.branches:
        if drop_nvls and PATTERN[p] == "nvls":
            continue
        step = STEP_US[link.hw][p] if PATTERN[p] in ("ring", "nvls_tree") else 0.0
        out.append({"name": p, "pattern": PATTERN[p],
                    "base_latency_s": round_sig(base[p] * US),
                    "step_latency_s": round_sig(step * US),
                    "efficiency": round_sig(min(1.0, eff[p] * ratio))})
    return out


def fitted_sentence(link, fixed):
    """Which constants of a link's protocols were fitted and which are NCCL's."""
    free = [p for p in link.branches if p not in fixed]
    parts = ["efficiency fitted"]
    if free:
        parts.append("base_latency_s fitted for " + ", ".join(free))
    ring_fixed = [p for p in link.branches if p in fixed and PATTERN[p] == "ring"]
    if ring_fixed:
        parts.append("base_latency_s of " + ", ".join(ring_fixed) + " is NCCL's Ring baseLat")
    if "nvls" in fixed:
        parts.append("base_latency_s of nvls is NCCL's NVLS latency (hwLat, 2.21+)")
    if link.hw == "xgmi":
        parts.append("step_latency_s is RCCL's Ring hwLat (tuning_model_0, NVLINK row)")
    else:
        parts.append("step_latency_s is NCCL's Ring hwLat (" + {"nvlink": "NVLink", "pcie": "PCI",
                                                               "net": "NET"}[link.hw] + " row)")
    if "nvls_tree" in link.branches:
        parts.append("nvls_tree's is NCCL's NVLSTree hwLat (NET row, 2.19-2.27)")
    return "; ".join(parts)


def load_tables():
    return [Table(spec) for spec in TABLES]


def run(policy=DEFAULT_POLICY):
    """Fit every link, validate, and build the fitted.json object."""
    tables = load_tables()
    by_link = {}
    for t in tables:
        by_link.setdefault(t.spec.link, []).append(t)
    fits = {}
    for key, link in LINKS.items():
        eff, base, launch = fit_link_staged(link, by_link[key], policy)
        r_eff, r_base = rounded_constants(link, eff, base)
        fits[key] = (r_eff, r_base, {k: round_sig(v * US) / US for k, v in launch.items()})

    validation = []
    for t in tables:
        r_eff, r_base, launches = fits[t.spec.link]
        launch = launches[t.name]
        measured = [m for _, m in t.rows]
        model = t.model_us(r_eff, r_base, launch)
        wins = {}
        for _, who in model:
            wins[who] = wins.get(who, 0) + 1
        lr_med, lr_max = errors(t.line_rate_us(), measured)
        nc_med, nc_max = errors([m for m, _ in model], measured)
        entry = {
            "table": t.name, "link": t.spec.link, "system": t.spec.system,
            "ranks": t.ranks, "nodes": t.nodes, "ranks_per_node": t.g,
            "min_bytes": t.rows[0][0], "max_bytes": t.rows[-1][0], "rows": len(t.rows),
            "launch_mode": LAUNCH_MODES[t.spec.launch][0],
            "launch_overhead_s": round_sig(launch * US),
            "launch_identified": bool(fixed_bases(t.link, policy)),
            "branches": list(t.branches),
            "rows_won": {p: wins.get(p, 0) for p in t.branches},
            "line_rate": {"median": round_sig(lr_med), "max": round_sig(lr_max)},
            "nccl": {"median": round_sig(nc_med), "max": round_sig(nc_max),
                     "target_median": t.targets[0], "pass": nc_med <= t.targets[0]},
        }
        validation.append(entry)

    # Leave one table out: the link fitted on its other tables; a link with one table is
    # predicted from its kin (KIN), as the catalogue carries a link that has no table.
    for key, link in LINKS.items():
        group = by_link[key]
        for held in group:
            rest = [t for t in group if t is not held]
            if any(not t.spec.later for t in rest):
                eff, base, _ = fit_link_staged(link, rest, policy)
                r_eff, r_base = rounded_constants(link, eff, base)
                unseen = [p for p in held.branches if all(p not in t.branches for t in rest)]
                fitted_on = [t.name for t in rest]
                carried = None
            else:
                kin, reason = KIN[key]
                k_eff, k_base, _ = fits[kin]
                r_eff = {p: k_eff.get(p, min(link.start_eff[p], PAYLOAD[p]))
                         for p in link.branches}
                r_base = {p: k_base.get(p, link.start_base[p]) for p in link.branches}
                unseen = [p for p in held.branches if p not in k_eff]
                fitted_on = [t.name for t in by_link[kin]]
                if rest:  # the kin's constants for the others, the later branches on the rest
                    eff, base, _ = fit_link_staged(link, rest, policy, kin_fit=(r_eff, r_base))
                    r_eff, r_base = rounded_constants(link, eff, base)
                    unseen = [p for p in unseen if all(p not in t.branches for t in rest)]
                    fitted_on += [t.name for t in rest]
                carried = {"from": kin, "why": reason}
            measured = [m for _, m in held.rows]
            launch = round_sig(fit_launch_only(held, r_eff, r_base) * US) / US
            med, mx = errors([m for m, _ in held.model_us(r_eff, r_base, launch)], measured)
            typ = held.typical_launch_us
            t_med, t_max = errors([m for m, _ in held.model_us(r_eff, r_base, typ)], measured)
            entry = next(v for v in validation if v["table"] == held.name)
            entry["left_out"] = {
                "fitted_on": fitted_on,
                "branches_not_in_training": unseen,
                "launch_overhead_s": round_sig(launch * US),
                "median": round_sig(med), "max": round_sig(mx),
                "target_median": held.targets[1], "pass": med <= held.targets[1],
                "typical_launch_s": round_sig(typ * US),
                "typical_launch_median": round_sig(t_med),
                "typical_launch_max": round_sig(t_max),
            }
            if carried:
                entry["left_out"]["carried_from"] = carried

    links = {}
    for key, link in LINKS.items():
        r_eff, r_base, launches = fits[key]
        fixed = fixed_bases(link, policy)
        entry = {"bandwidth_bytes_per_s": link.bandwidth}
        if link.per_peer:
            entry["per_peer_bytes_per_s"] = link.per_peer
        if link.domain:
            entry["domain"] = link.domain
        entry["protocols"] = protocols_json(link, r_eff, r_base)
        entry["source"] = [t.name for t in by_link[key]]
        entry["fitted"] = fitted_sentence(link, fixed)
        if by_link[key][0].two_tier:
            t0 = by_link[key][0]
            entry["calibrated_as"] = {"kind": "two_tier", "intra_node": t0.spec.intra,
                                      "ranks_per_node": t0.g, "nodes": t0.nodes}
        if link.note:
            entry["note"] = link.note
        entry["tables"] = {t.name: {"ranks": t.ranks, "nodes": t.nodes,
                                    "launch_mode": LAUNCH_MODES[t.spec.launch][0],
                                    "branches": list(t.branches),
                                    "launch_overhead_s": round_sig(launches[t.name] * US)}
                           for t in by_link[key]}
        links[key] = entry
    for key, src, bw, domain, ratio, drop_nvls in CARRIED:
        link = LINKS[src]
        r_eff, r_base, _ = fits[src]
        if ratio is None:  # same efficiencies and latencies at the link's own bandwidth
            scale = 1.0
            sentence = (f"carried over from {src} ({', '.join(links[src]['source'])}): the same "
                        f"efficiencies and latencies at {bw / GB:g} GB/s")
            if key in CARRIED_WHY:
                sentence += ", because " + CARRIED_WHY[key]
        elif drop_nvls:
            scale = 1.0
            sentence = (f"{src}'s ring branches ({', '.join(links[src]['source'])}), without "
                        "NVLS (no fabric manager, or NVLS disabled)")
        else:
            scale = ratio * link.bandwidth / bw
            sentence = (f"carried over from {src} by NCCL's per-link NVLink bandwidth ratio "
                        f"SM100/SM90 = {SM100_NVLINK_BW}/{SM90_NVLINK_BW} = {ratio:.4f} "
                        f"(topo.h, NCCL 2.27+): every branch reaches that ratio times "
                        f"{src}'s bandwidth, so efficiency = {src}'s x {ratio:.4f} x "
                        f"{link.bandwidth / GB:g}/{bw / GB:g} = x {scale:.4f}; base and step "
                        "latencies unchanged (NCCL's NVLink latency constants do not depend on "
                        "the GPU generation)")
        entry = {"bandwidth_bytes_per_s": bw}
        if domain:
            entry["domain"] = domain
        entry["protocols"] = protocols_json(link, r_eff, r_base, scale, drop_nvls)
        entry["source"] = sentence
        if key == "nvlink4_ring":
            entry["tables"] = {"h100x8_ring.txt": links[src]["tables"]["h100x8_ring.txt"]}
        links[key] = entry

    return {
        "about": "NCCL link model constants (docs/model.md#nccl-links, #two-tier-links), fitted by calibration/fit.py "
                 "on calibration/data; re-run: python3 calibration/fit.py --write",
        "model": {
            "ring": "t_p = base_p + 2(n-1) step_p + 2(n-1)/n * M / (efficiency_p * B)",
            "nvls": "t_p = base_p + M / (efficiency_p * B)",
            "nvls_tree": "t_p = base_p + 2 ceil(log2 N) step_p + 2 M / (efficiency_p * g * B), "
                         "across the N nodes of a two-tier link whose node link has NVLS only",
            "one_shot": "t_p = base_p + (n-1) step_p + (n-1) M / (efficiency_p * B), B = "
                        "(n-1) per_peer, on a fully connected link within its domain only",
            "time": "t = launch_overhead + min_p t_p",
            "two_tier": "the inter-node link's branches with N = n/g nodes and g * B_inter",
            "fully_connected": "B = min(bandwidth, (n-1) * per_peer): a group of n uses the "
                               "links to its n-1 peers",
            "base_latency_policy": policy + ": " + POLICIES[policy],
            "rows": f"bytes >= {MIN_BYTES}",
            "objective": "sum over tables of the mean over rows of log(model/measured)^2, "
                         f"plus per table {LAUNCH_PRIOR_WEIGHT:.4g}/rows x log((launch + 1 us)/"
                         "(typical + 1 us))^2 (log-normal launch prior, sigma ln 2, model error "
                         f"10 %), plus {PRIOR_WEIGHT:g} x log(eff/NCCL's eff)^2 per efficiency",
            "efficiency_bounds": "eff_ll <= eff_ll128 <= eff_simple (NCCL's order); eff_ll <= "
                                 "1/2 and eff_ll128 <= 120/128 (their payload per wire byte); "
                                 "eff <= 1",
            "significant_digits": SIGNIFICANT_DIGITS,
        },
        "links": links,
        "validation": validation,
    }


# ---------------------------------------------------------------------------------------
# Report


def _size(b):
    for unit, k in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if b >= k and b % k == 0:
            return f"{b // k} {unit}"
    return f"{b} B"


def _pct(x):
    return f"{100 * x:.1f}%"


def report(result):
    lines = []
    w = lines.append
    w("NCCL link model calibration (docs/model.md#nccl-links, #two-tier-links); rows >= 4 KiB; error = |model - measured| / "
      "measured")
    w("base latencies: " + result["model"]["base_latency_policy"])
    w("")
    w(f"{'table':22} {'link':13} {'system':32} {'n':>3} {'sizes':>17} {'launch':>8}  "
      f"{'line rate med/max':>17}  {'nccl med/max':>15}  target")
    for v in result["validation"]:
        sizes = f"{_size(v['min_bytes'])}-{_size(v['max_bytes'])}"
        launch = f"{v['launch_overhead_s'] / US:.1f}us" + ("" if v["launch_identified"] else "*")
        lr = f"{_pct(v['line_rate']['median'])} / {_pct(v['line_rate']['max'])}"
        nc = f"{_pct(v['nccl']['median'])} / {_pct(v['nccl']['max'])}"
        mark = "pass" if v["nccl"]["pass"] else "FAIL"
        w(f"{v['table']:22} {v['link']:13} {v['system']:32} {v['ranks']:>3} {sizes:>17} "
          f"{launch:>8}  {lr:>17}  {nc:>15}  <= {_pct(v['nccl']['target_median'])} {mark}")
    w("* launch not separable from the link's base latencies (all fitted): it is the "
      "harness's typical value (the prior)")
    w("")
    w("leave one table out: link constants fitted on the link's other table(s); the held-out "
      "table's launch")
    w("fitted alone (one harness constant); [typical launch] = the same with its harness's "
      "typical launch")
    w(f"{'table':22} {'link':9} {'fitted on':22} {'launch':>7}  {'nccl med/max':>15}  "
      f"{'target':14}  [typical launch: med/max]")
    for v in result["validation"]:
        lo = v.get("left_out")
        if not lo:
            continue
        nc = f"{_pct(lo['median'])} / {_pct(lo['max'])}"
        mark = "pass" if lo["pass"] else "FAIL"
        typ = (f"[{lo['typical_launch_s'] / US:.0f}us: {_pct(lo['typical_launch_median'])} / "
               f"{_pct(lo['typical_launch_max'])}]")
        w(f"{v['table']:22} {v['link']:9} {', '.join(lo['fitted_on']):22} "
          f"{lo['launch_overhead_s'] / US:6.1f}us  {nc:>15}  <= {_pct(lo['target_median'])} "
          f"{mark}  {typ}")
        if lo["branches_not_in_training"]:
            w(f"{'':22} {'':9} (branches {', '.join(lo['branches_not_in_training'])} not in "
              "the training table: where the fit starts, NCCL's own values or, for a branch "
              "NCCL's model lacks, the Link's start)")
    w("")
    w("fitted constants (B = link bandwidth; eff x B = busbw for ring, algbw for nvls; "
      "rows won, in-sample)")
    w(f"{'link':14} {'B GB/s':>7}  {'branch':7} {'pattern':7} {'base us':>8} {'step us':>8} "
      f"{'eff':>7}  rows won")
    won = {}
    for v in result["validation"]:
        for p, k in v["rows_won"].items():
            won.setdefault(v["link"], {}).setdefault(p, []).append(str(k))
    for key, entry in result["links"].items():
        for i, p in enumerate(entry["protocols"]):
            head = (f"{key:14} {entry['bandwidth_bytes_per_s'] / GB:7g}" if i == 0
                    else f"{'':14} {'':7}")
            wins = "+".join(won.get(key, {}).get(p["name"], [])) or "-"
            w(f"{head}  {p['name']:7} {p['pattern']:7} {p['base_latency_s'] / US:8.4g} "
              f"{p['step_latency_s'] / US:8.4g} {p['efficiency']:7.4g}  {wins}")
    return "\n".join(lines)


def rows_report(result, only=None):
    """Per row: measured and model time, relative error and winning branch."""
    tables = {t.name: t for t in load_tables()}
    out = []
    for v in result["validation"]:
        if only and v["table"] != only:
            continue
        t = tables[v["table"]]
        link = result["links"][v["link"]]
        eff = {p["name"]: p["efficiency"] for p in link["protocols"]}
        base = {p["name"]: p["base_latency_s"] / US for p in link["protocols"]}
        launch = v["launch_overhead_s"] / US
        out.append(f"{v['table']} ({v['link']}, launch {launch:.4g} µs)")
        out.append(f"{'bytes':>13} {'measured us':>12} {'nccl us':>10} {'error':>7}  branch"
                   f" {'line rate us':>13}")
        for (m, meas), (mod, who), lr in zip(t.rows, t.model_us(eff, base, launch),
                                             t.line_rate_us()):
            out.append(f"{m:13d} {meas:12.2f} {mod:10.2f} {100 * (mod - meas) / meas:+6.1f}%"
                       f"  {who:6} {lr:13.2f}")
    return "\n".join(out)


def dumps(obj):
    return json.dumps(obj, indent=2) + "\n"


def compare():
    """In-sample and leave-one-out medians under each base-latency policy."""
    rows = []
    for policy in POLICIES:
        res = run(policy)
        for v in res["validation"]:
            lo = v.get("left_out")
            rows.append((policy, v["table"], v["nccl"]["median"], v["nccl"]["max"],
                         lo["median"] if lo else None, lo["max"] if lo else None,
                         v["launch_overhead_s"]))
    out = [f"{'policy':7} {'table':22} {'in-sample med/max':>18} {'left-out med/max':>18} "
           f"{'launch':>8}"]
    for policy, table, med, mx, lmed, lmx, launch in rows:
        lo = f"{_pct(lmed)} / {_pct(lmx)}" if lmed is not None else "-"
        out.append(f"{policy:7} {table:22} {_pct(med) + ' / ' + _pct(mx):>18} {lo:>18} "
                   f"{launch / US:7.1f}us")
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--write", action="store_true", help="rewrite calibration/fitted.json")
    g.add_argument("--check", action="store_true",
                   help="exit 1 if a re-fit differs from calibration/fitted.json")
    g.add_argument("--json", action="store_true", help="print the validation report as JSON")
    g.add_argument("--compare", action="store_true",
                   help="compare the base-latency policies (in-sample and left out)")
    g.add_argument("--rows", nargs="?", const="", metavar="TABLE",
                   help="per-row measured and model times (of every table, or of TABLE)")
    args = ap.parse_args(argv)
    if args.compare:
        print(compare())
        return 0
    result = run()
    if args.rows is not None:
        print(rows_report(result, args.rows or None))
        return 0
    text = dumps(result)
    if args.write:
        FITTED_PATH.write_text(text)
        print(f"wrote {FITTED_PATH}")
        return 0
    if args.check:
        stored = FITTED_PATH.read_text() if FITTED_PATH.exists() else ""
        if stored != text:
            print(f"{FITTED_PATH} differs from a re-fit; run: python3 calibration/fit.py --write",
                  file=sys.stderr)
            return 1
        print(f"{FITTED_PATH}: up to date")
        return 0
    if args.json:
        print(dumps(result["validation"]), end="")
        return 0
    print(report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
