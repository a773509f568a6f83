# Computes the expected numbers of the sequence-parallel (docs/model.md#sequence-parallelism) case files from docs/model.md
# formulas, independently of the core: each exchange is a reduce-scatter and an all-gather of M,
# each its own call (its own launch and branch); the hiding bandwidth is found here as the least,
# over the branches that may run, of the bandwidth at which that branch's exchange takes
# t_comp / c (the core gets it by a different route: a closed form at line rate, a line-to-line
# search in the nccl model). The links' fitted branches come from calibration/fitted.json.
# Re-run: python3 tests/cases/make_sequence_parallel_cases.py
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
FITTED = json.load(open(os.path.join(HERE, "..", "..", "calibration", "fitted.json")))["links"]
# NCCL 2.26.2's src/graph/tuning.cc l.289-296: an NVLS reduce-scatter or all-gather runs at the
# busBw that the all-reduce turns into algBw x 5/6, so its bandwidth term is 5/6 of the all-reduce's.
NVLS_RS = 5 / 6


def fmt(x):
    return float("%.12g" % x)


def branches(key):
    return [(p["name"], p["pattern"], p["base_latency_s"], p["step_latency_s"], p["efficiency"])
            for p in FITTED[key]["protocols"]]


def call(n, M, B, protos, launch, within=True, phases=1, nvls_factor=NVLS_RS):
    """One call (phases 1: a reduce-scatter or all-gather; 2: an all-reduce) as NCCL prices it:
    launch + the fastest branch. Returns (bandwidth term, latency term, name, bytes per rank,
    [(name, latency, x) per branch that may run]: its time is latency + x / B)."""
    lines = []
    for name, pattern, base, step, eff in protos:
        if pattern == "nvls":
            if not within:
                continue
            lines.append((name, launch + base, nvls_factor * M / eff, M))
        else:
            share = phases * (n - 1) / n
            lines.append((name, launch + base + phases * (n - 1) * step, share * M / eff, share * M))
    best = min(lines, key=lambda l: l[1] + l[2] / B)
    return best[2] / B, best[1], best[0], best[3], lines


def hiding(lines, calls, target):
    """The least bandwidth at which some branch's exchange (calls x one call) takes `target`."""
    candidates = [calls * x / (target - calls * lat) for _, lat, x, _ in lines if calls * lat < target]
    return min(candidates) if candidates else 0.0


def link_fields(name, B, alpha, bw, lat, c, tcomp, n, wire, protocol, line, hide, own, kind="link",
                domain=0, within=True, one=None, node_count=1, ranks_per_node=None, share=1):
    tar = bw + lat
    comm = c * tar
    serial = tcomp + comm
    ov = max(tcomp, comm)
    return dict(
        name=name, bandwidth_bytes_per_s=B, latency_s=alpha, allreduce_time_s=fmt(tar),
        bandwidth_time_s=fmt(bw), latency_time_s=fmt(lat), communication_time_s=fmt(comm),
        wire_bytes_per_rank=fmt(wire), comm_to_compute=fmt(comm / tcomp),
        bound="communication" if comm > tcomp else "compute",
        regime="latency" if lat > bw else "bandwidth", serial_layer_time_s=fmt(serial),
        overlapped_layer_time_s=fmt(ov), serial_speedup=fmt(tcomp / serial * n),
        serial_efficiency=fmt(tcomp / serial), overlapped_speedup=fmt(tcomp / ov * n),
        overlapped_efficiency=fmt(tcomp / ov), kind=kind, protocol=protocol,
        line_rate_allreduce_time_s=fmt(line), domain=domain, within_domain=within,
        node_count=node_count, ranks_per_node=n if ranks_per_node is None else ranks_per_node,
        intra_node_share=fmt(share), measured_ranks=0, measured_min_bytes=0, measured_max_bytes=0,
        reduce_scatter_time_s=fmt(tar / 2 if one is None else one),
        all_gather_time_s=fmt(tar / 2 if one is None else one),
        hiding_bandwidth_bytes_per_s=fmt(hide), hiding_factor=fmt(hide / own))


def write(fname, title, about, scenario, expect, tol=1e-9):
    if "binding_link" not in expect:
        links = expect["links"]
        expect["binding_link"] = max(links, key=lambda l: l["communication_time_s"])["name"]
    doc = dict(name=title, about=about, scenario=scenario, tolerance=tol, expect=expect)
    with open(os.path.join(HERE, fname), "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")


def flops_compute(params_flops, layers, T, n, peak, eta=0.5):
    F = params_flops / layers * T
    return F, F / n / (peak * eta)


SP = "reduce_scatter_all_gather"

# --- 1. docs/model.md#the-worked-example's layer at line rate with sequence parallelism: the pair is the all-reduce.
n, T, h, b, c = 8, 2048, 12288, 2, 2
F, tcomp = flops_compute(350e9, 96, T, n, 989e12)
M = T * h * b
links = []
notes = []
for name, B, alpha, domain in (("nvlink", 450e9, 0.5e-6, 8), ("infiniband_ndr", 50e9, 5e-6, 0)):
    rs_bw, rs_lat = (n - 1) / n * M / B, (n - 1) * alpha
    bw, lat = 2 * rs_bw, 2 * rs_lat
    X = 2 * (n - 1) / n * M
    hide = X / (tcomp / c - lat)
    notes.append(f"{name}: t_rs = t_ag = 7/8 M/B + 7 alpha = {rs_bw:.9e} + {rs_lat:.3g} = {rs_bw + rs_lat:.9e} s; "
                 f"the pair {bw + lat:.9e} s (docs/model.md#the-worked-example's all-reduce); hiding B = 2(7/8) M / (t_comp/c - 14 alpha) = "
                 f"{X:.6g} / ({tcomp / c:.9e} - {lat:.3g}) = {hide:.9e} B/s")
    links.append(link_fields(name, B, alpha, bw, lat, c, tcomp, n, c * X, "ring/ring", bw + lat, hide, B,
                             domain=domain))
write("sp_line_rate_gpt3_tp8.json",
      "Sequence parallelism at line rate: docs/model.md#the-worked-example's layer, each all-reduce a reduce-scatter and an all-gather",
      f"docs/model.md#sequence-parallelism at line rate: n = 8, M = 2048*12288*2 = {M} B, c = 2, t_comp = {tcomp:.9e} s. " + "; ".join(notes) +
      ". Wire bytes c x 2 x 7/8 M, as the all-reduce's.",
      dict(workload="GPT3", tp_size=8, tokens=2048, accelerator="H100", precision="fp16_dense",
           local_efficiency=0.5, links={"nvlink": "nvlink4", "infiniband_ndr": "ib_ndr"}, collective=SP),
      dict(collective=SP, compute_time_s=fmt(tcomp), message_bytes=M, links=links, warnings=[]))

# --- 2. The same layer as NCCL runs it: each call its own launch and branch.
launch = 10e-6
links = []
notes = []
for name, key, B, alpha, domain in (("nvlink", "nvlink4", 450e9, 0.5e-6, 8),
                                    ("infiniband_ndr", "ib_ndr", 50e9, 5e-6, 0)):
    bw1, lat1, win, bytes1, lines = call(n, M, B, branches(key), launch)
    hide = hiding(lines, 2, tcomp / c)
    notes.append(f"{name}: one call = 10 us launch + the fastest of " +
                 ", ".join(f"{nm} {lat:.4g} + {x / B:.6g}" for nm, lat, x, _ in lines) +
                 f" s -> {win}; the pair {2 * (bw1 + lat1):.9e} s; hiding B = min over branches of "
                 f"2 x / (t_comp/c - 2 latency) = {hide:.9e}")
    line = 2 * (n - 1) / n * M / B + 2 * (n - 1) * alpha
    links.append(link_fields(name, B, alpha, 2 * bw1, 2 * lat1, c, tcomp, n, c * 2 * bytes1,
                             f"{win}/{win}", line, hide, B, domain=domain))
write("sp_nccl_gpt3_tp8.json",
      "Sequence parallelism as NCCL runs it: two calls per all-reduce, each with its own launch and branch",
      "docs/model.md#sequence-parallelism in the nccl model with the catalogue's branches (calibration/fitted.json): a reduce-scatter or "
      "all-gather ring branch takes base + (n-1) step + (n-1)/n M / (eff B), an nvls branch base + 5/6 M / (eff B) "
      f"(NCCL 2.26.2). n = 8, M = {M} B, c = 2, t_comp = {tcomp:.9e} s. " + "; ".join(notes) + ".",
      dict(workload="GPT3", tp_size=8, tokens=2048, accelerator="H100", precision="fp16_dense",
           local_efficiency=0.5, links={"nvlink": "nvlink4", "infiniband_ndr": "ib_ndr"},
           link_model="nccl", collective=SP),
      dict(collective=SP, launch_overhead_s=launch, links=links, warnings=[]))

# --- 3 and 4. TP 16 across two HGX H100 nodes (two-tier), at line rate and as NCCL runs it.
n, T, h, g, N = 16, 4096, 16384, 8, 2
F, tcomp = flops_compute(810e9, 126, T, n, 989e12)
M = T * h * 2
Bi, ai, Bx, ax = 450e9, 0.5e-6, 50e9, 5e-6
rs_in_bw, rs_in_lat = (g - 1) / g * M / Bi, (g - 1) * ai
x_bw, x_lat = (N - 1) / N * (M / g) / Bx, (N - 1) * ax
one = rs_in_bw + rs_in_lat + x_bw + x_lat
line_bw, line_lat = 2 * (rs_in_bw + x_bw), 2 * (rs_in_lat + x_lat)
X = 2 * (N - 1) / N * (M / g)
hide = X / (tcomp / c - (2 * rs_in_bw + line_lat))
share = 2 * (rs_in_bw + rs_in_lat) / (line_bw + line_lat)
wire = c * 2 * ((g - 1) / g * M + (N - 1) / N * M / g)
sc = dict(workload="Llama3_405B", tp_size=16, tokens=4096, accelerator="H100", precision="bf16",
          local_efficiency=0.5, links={"hgx": {"intra_node": "nvlink4", "inter_node": "ib_ndr", "ranks_per_node": 8}},
          collective=SP)
write("sp_two_tier_2x8_line_rate.json",
      "Sequence parallelism across two HGX H100 nodes at line rate: each collective hierarchical",
      f"docs/model.md#sequence-parallelism with #two-tier-links: N = 2 nodes of g = 8, M = 4096*16384*2 = {M} B, c = 2, t_comp = {tcomp:.9e} s. "
      f"A reduce-scatter: in the node (g-1)/g M/B_intra + (g-1) alpha_intra = {rs_in_bw:.9e} + {rs_in_lat:.3g}, "
      f"across (N-1)/N (M/g)/B_inter + (N-1) alpha_inter = {x_bw:.9e} + {x_lat:.3g}: {one:.9e} s; an all-gather the same; "
      f"the pair {2 * one:.9e} s, mlsysim's hierarchical all-reduce. Hiding (the network tier varied): "
      f"2 (N-1)/N (M/g) / (t_comp/c - in-node terms - latencies) = {hide:.9e} B/s.",
      sc, dict(collective=SP, compute_time_s=fmt(tcomp), links=[link_fields(
          "hgx", Bx, ax, line_bw, line_lat, c, tcomp, n, wire, "ring/ring", line_bw + line_lat, hide, Bx,
          kind="two_tier", domain=8, node_count=2, ranks_per_node=8, share=share)], warnings=[]))

bw1, lat1, win, _, lines = call(N, M, g * Bx, branches("ib_ndr"), launch)
# The search varies B_inter: each branch line is latency + x / (g B_inter).
lines_inter = [(nm, lat, x / g, by) for nm, lat, x, by in lines]
hide = hiding(lines_inter, 2, tcomp / c)
sc = dict(sc, link_model="nccl")
write("sp_two_tier_2x8_nccl.json",
      "Sequence parallelism across two HGX H100 nodes as NCCL runs it: the network's ring branches per call",
      f"docs/model.md#sequence-parallelism with #two-tier-links in the nccl model: each call is 10 us launch + the fastest of ib_ndr's ring branches with "
      f"N = 2 ranks at g x 50 GB/s, (N-1) steps and (N-1)/N M: " +
      ", ".join(f"{nm} {lat:.4g} + {x / (g * Bx):.6g}" for nm, lat, x, _ in lines) +
      f" s -> {win}; the pair {2 * (bw1 + lat1):.9e} s. Hiding: the least, over the branches, of "
      f"2 x / g / (t_comp/c - 2 latency) = {hide:.9e} B/s per GPU's NIC.",
      sc, dict(collective=SP, links=[link_fields(
          "hgx", Bx, ax, 2 * bw1, 2 * lat1, c, tcomp, n, wire, f"{win}/{win}", line_bw + line_lat, hide, Bx,
          kind="two_tier", domain=8, node_count=2, ranks_per_node=8, share=share)], warnings=[]))

# --- 5. A link whose NVLS branch wins: 5/6 of the all-reduce's bandwidth term per call.
n, T, h = 8, 8192, 8192
F, tcomp = flops_compute(141.2e9, 80, T, n, 989e12)
M = T * h * 2
protos = [("simple", "ring", 8.4e-6, 3.4e-6, 0.6), ("nvls", "nvls", 25e-6, 0.0, 0.9)]
B = 450e9
bw1, lat1, win, bytes1, lines = call(n, M, B, protos, launch)
ar_bw, ar_lat, ar_win, _, _ = call(n, M, B, protos, launch, phases=2, nvls_factor=1)
hide = hiding(lines, 2, tcomp / c)
write("sp_nccl_nvls_wins.json",
      "Sequence parallelism on a switch whose NVLS branch wins: each call 5/6 of the all-reduce's bandwidth term",
      f"docs/model.md#sequence-parallelism, nccl, a link object with a ring branch (simple: 8.4 us + 3.4 us per step, eff 0.6) and an nvls branch "
      f"(25 us, eff 0.9) at 450 GB/s, domain 8; Llama 3 70B, T = 8192, M = {M} B, c = 2, t_comp = {tcomp:.9e} s. "
      f"One call: " + ", ".join(f"{nm} {lat:.4g} + {x / B:.6g}" for nm, lat, x, _ in lines) +
      f" s -> {win}; the pair {2 * (bw1 + lat1):.9e} s against the all-reduce's {ar_win} {ar_bw + ar_lat:.9e} s "
      f"(10 us + 25 us + M/(0.9 B)). NVLS sends M per call: wire 2 x 2 x M. Hiding {hide:.9e} B/s.",
      dict(workload="Llama3_70B", tp_size=8, tokens=8192, accelerator="H100", precision="bf16",
           local_efficiency=0.5, link_model="nccl", collective=SP,
           links={"switch": dict(bandwidth="450 GB/s", latency="0.5 us", domain=8, protocols=[
               dict(name=nm, pattern=pat, base_latency=base, step_latency=step, efficiency=eff)
               for nm, pat, base, step, eff in protos])}),
      dict(collective=SP, links=[link_fields(
          "switch", B, 0.5e-6, 2 * bw1, 2 * lat1, c, tcomp, n, c * 2 * bytes1, f"{win}/{win}",
          2 * (n - 1) / n * M / B + 2 * (n - 1) * 0.5e-6, hide, B, domain=8)], warnings=[]))

# --- 6. The serving engine's all-reduce asked for under sequence parallelism: NCCL's calls.
n, T, h = 8, 32, 8192
F, tcomp = flops_compute(141.2e9, 80, T, n, 989e12)
M = T * h * 2
launch3 = 3e-6
bw1, lat1, win, bytes1, lines = call(n, M, 450e9, branches("nvlink4"), launch3)
hide = hiding(lines, 2, tcomp / c)
write("sp_custom_allreduce_is_nccl.json",
      "The serving engine's all-reduce under sequence parallelism: its kernels run all-reduces only",
      f"docs/model.md#sequence-parallelism: custom applies to all-reduces only, so each reduce-scatter and all-gather is NCCL's (a warning on "
      f"allreduce). Llama 3 70B, T = 32, M = {M} B, launch 3 us, t_comp = {tcomp:.9e} s: one call " +
      ", ".join(f"{nm} {lat:.4g} + {x / 450e9:.6g}" for nm, lat, x, _ in lines) +
      f" s -> {win}; the pair {2 * (bw1 + lat1):.9e} s. Hiding: " +
      ("none (every branch's latency alone takes more than t_comp / c)" if hide == 0 else f"{hide:.9e} B/s") + ".",
      dict(workload="Llama3_70B", tp_size=8, tokens=32, accelerator="H100", precision="bf16",
           local_efficiency=0.5, link_model="nccl", allreduce="custom", launch_overhead="3 us",
           collective=SP, links={"nvlink": "nvlink4"}),
      dict(collective=SP, allreduce="custom", links=[link_fields(
          "nvlink", 450e9, 0.5e-6, 2 * bw1, 2 * lat1, c, tcomp, n, c * 2 * bytes1, f"{win}/{win}",
          2 * (n - 1) / n * M / 450e9 + 2 * (n - 1) * 0.5e-6, hide, 450e9, domain=8)],
           warnings=["allreduce"]))

# --- 7. At line rate with a launch overhead, a decode-sized exchange: each call pays its launch;
# on InfiniBand the latency terms alone take more than the compute (no bandwidth hides it).
n, T, h = 8, 32, 12288
F, tcomp = flops_compute(350e9, 96, T, n, 989e12)
M = T * h * 2
launch5 = 1e-6
links = []
notes = []
for name, B, alpha, domain in (("nvlink", 450e9, 0.5e-6, 8), ("infiniband_ndr", 50e9, 5e-6, 0)):
    rs_bw, rs_lat = (n - 1) / n * M / B, launch5 + (n - 1) * alpha
    bw, lat = 2 * rs_bw, 2 * rs_lat
    X = 2 * (n - 1) / n * M
    hide = X / (tcomp / c - lat) if lat < tcomp / c else 0.0
    notes.append(f"{name}: one call 1 us + 7/8 M/B + 7 alpha = {rs_bw + rs_lat:.9e} s, the pair {bw + lat:.9e} s "
                 f"(the all-reduce's + 1 us); latency terms {lat:.3g} s against t_comp/c = {tcomp / c:.6g} s: " +
                 (f"hiding {hide:.9e} B/s" if hide else "no bandwidth hides it (0)"))
    links.append(link_fields(name, B, alpha, bw, lat, c, tcomp, n, c * X, "ring/ring",
                             2 * (n - 1) / n * M / B + 2 * (n - 1) * alpha, hide, B, domain=domain))
write("sp_line_rate_launch_never_hidden.json",
      "Sequence parallelism at line rate with a launch overhead: each call pays it; InfiniBand's latency alone outruns the compute",
      f"docs/model.md#sequence-parallelism at line rate, launch_overhead 1 us per call (2.5): GPT-3, T = 32, M = {M} B, c = 2, t_comp = {tcomp:.9e} s. " +
      "; ".join(notes) + ".",
      dict(workload="GPT3", tp_size=8, tokens=32, accelerator="H100", precision="fp16_dense",
           local_efficiency=0.5, links={"nvlink": "nvlink4", "infiniband_ndr": "ib_ndr"},
           launch_overhead="1 us", collective=SP),
      dict(collective=SP, links=links, warnings=[]))
