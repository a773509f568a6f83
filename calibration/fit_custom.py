#!/usr/bin/env python3
"""Fits the serving engines' all-reduce branches of docs/model.md#custom-all-reduce (the links' `custom` branches) from
the published per-call times in data/custom-allreduce.md, writes custom_fitted.json and the core's
src/custom_calibration.inc, and reports how close they come (in-sample and, where a link has two
tables, left out). Python 3 standard library only, deterministic.

    python3 calibration/fit_custom.py            # the report
    python3 calibration/fit_custom.py --write    # re-fit; rewrite custom_fitted.json and the .inc
    python3 calibration/fit_custom.py --check    # re-fit; exit 1 if either file differs

The model of each branch (docs/model.md#custom-all-reduce), for n ranks, M bytes, the link's bandwidth B:
    one_shot  t = launch + base + (n-1) M / (eff B)          each rank reads n-1 peer buffers
    two_shot  t = launch + base + 2(n-1)/n M / (eff B)       reduce-scatter + all-gather
    nvls      t = launch + base + M / (eff B)                multimem: M crosses the switch once
What is fixed, what is fitted and why: see docs/calibration.md ("The serving engines' all-reduce").
"""
import json
import math
import re
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE / "data" / "custom-allreduce.md"
FITTED_PATH = HERE / "custom_fitted.json"
INC_PATH = HERE.parent / "core" / "src" / "custom_calibration.inc"
CLI_INC_PATH = HERE.parent / "cli" / "custom_validation.inc"  # rows for tplayer --validate
E2E_INC_PATH = HERE.parent / "cli" / "end_to_end.inc"  # the whole-layer timings, for the CLI
PAGE_PATH = HERE / "serving-validation.json"  # both, for the page's measurements panel
NCCL_FITTED = HERE / "fitted.json"

US = 1e-6
GB = 1e9
MIB = 1024 * 1024
SIGNIFICANT_DIGITS = 4
# The tables were timed inside CUDA graphs: the harness's launch is the CUDA-graph figure the
# page offers (docs/model.md#custom-all-reduce: 2-5 us). It is not fitted: with one size sweep per rank count a constant
# launch cannot be told apart from a branch's base latency.
CUDA_GRAPH_LAUNCH_S = 3 * US
# vLLM's default limit for its custom all-reduce (the rows above it are other kernels' ground).
CUSTOM_MAX_BYTES = 8 * MIB
IN_SAMPLE_TARGET = 0.10
LEFT_OUT_TARGET = 0.15

# The columns of the tables, and the branch each one calibrates.
BRANCHES = (
    # column, branch name, pattern
    ("ca_1stage", "one_shot", "one_shot"),
    ("ca_2stage", "two_shot", "two_shot"),
    ("symm_mem_multimem", "multimem", "nvls"),
)
NCCL_COLUMN = "pynccl"


class Table:
    def __init__(self, section, link, ranks, system, source, extra_rows=()):
        self.section = section  # the "## X." heading of data/custom-allreduce.md
        self.link = link
        self.ranks = ranks
        self.system = system
        self.source = source
        self.extra_rows = extra_rows  # rows quoted in the section's prose: (column, bytes, ms)
        self.rows = {}  # column -> [(bytes, seconds)]


TABLES = (
    Table("A", "nvlink4", 6, "H100 SXM, TP 6",
          "vLLM pull request #24111 (2025-09-02), benchmark_device_communicators.py",
          # "The same pull request's TP 2 block shows (32, 8192) ca_1stage = 0.007 ms"
          extra_rows=()),
    Table("A2", "nvlink4", 2, "H100 SXM, TP 2 (one row quoted in section A)",
          "vLLM pull request #24111 (2025-09-02), its TP 2 block",
          extra_rows=(("ca_1stage", 32 * 8192 * 2, 0.007),)),
    Table("C", "nvlink4", 4, "TP 4, hidden 8192 (hardware not printed; taken as H100 SXM, "
          "the hardware of the neighbouring pull requests)",
          "vLLM pull request #24532, benchmark_device_communicators.py"),
    Table("B", "nvlink5", 4, "B300 (SM 10.3), world size 4 (from the pull request's notes)",
          "vLLM pull request #37756 (2026-03-21), benchmark_device_communicators.py"),
)

# Where each link's custom branches come from: its tables (fitted), or a carry-over.
FITTED_LINKS = {
    "nvlink4": {"bandwidth": 450 * GB, "branches": ("one_shot", "two_shot", "multimem")},
    "nvlink5": {"bandwidth": 900 * GB, "branches": ("one_shot", "two_shot", "multimem")},
}
CARRIED = {
    # key: (from, branches kept, why)
    "nvlink4_ring": ("nvlink4", ("one_shot", "two_shot"),
                     "nvlink4's one-shot and two-shot branches; no multimem (NVLink SHARP "
                     "unavailable)"),
    "nvlink3": ("nvlink4", ("one_shot", "two_shot"),
                "carried over from nvlink4 (no A100 table): the same base latencies and "
                "efficiencies at 300 GB/s, because the kernels are the same peer-memory reads "
                "over NVLink; no multimem (NVLink 3 has no SHARP switch)"),
}
# Links that keep no custom branches, and why (the report prints these).
NONE = {
    "nvlink5_nvl72": "vLLM's custom all-reduce runs on at most 8 GPUs; NVL72's domain is 72",
    "pcie4 / pcie5": "vLLM turns its custom all-reduce off on PCIe beyond 2 GPUs",
    "nvlink2": "the DGX-1 hybrid cube mesh is not fully connected (vLLM needs every pair on "
               "NVLink)",
    "networks, pcie4_host, measured links, inter-node tiers": "no peer memory (docs/model.md#custom-all-reduce)",
}


# Whole layers measured end to end (data/end-to-end.md): checks of docs/model.md#passes and #the-roofline, never fitted.
# Transcribed from Korthikanti et al. 2022 (arXiv 2205.05198), Table 4 and Table 3.
END_TO_END = {
    "source": "Korthikanti et al. 2022, Reducing Activation Recomputation in Large Transformer "
              "Models (arXiv 2205.05198), Table 4: one layer of the 22B model at TP 8 on a DGX A100",
    # The 22B layer as a scenario: 12 h^2 L parameters (h 6144, 48 layers, 64 heads), T = micro-
    # batch 4 x sequence 2048, attention over the full sequence (their FLOP count), bf16 on A100 over
    # NVLink 3; local_efficiency 0.5, the presets' value, not fitted to these timings.
    "scenario": {
        "workload": {"name": "Korthikanti 22B", "parameters": 12.0 * 6144 * 6144 * 48,
                     "layers": 48, "hidden_dim": 6144, "heads": 64},
        "tp_size": 8, "tokens": 4 * 2048, "attention_context": 2048, "accelerator": "A100",
        "precision": "bf16", "local_efficiency": 0.5, "links": {"nvlink3": "nvlink3"},
    },
    # experiment, full recomputation, collective (docs/model.md#sequence-parallelism: sequence parallelism is a reduce-
    # scatter and an all-gather for each all-reduce), modelled, why not, forward / backward /
    # combined ms
    "experiments": [
        ("tensor parallel only, no recompute", False, "all_reduce", True, "", 7.7, 11.9, 19.6),
        ("sequence parallelism", False, "reduce_scatter_all_gather", True, "", 7.2, 11.8, 19.0),
        ("full recompute", True, "all_reduce", True, "", 7.7, 19.5, 27.2),
        ("selective recompute", False, "all_reduce", False,
         "selective (attention-only) recomputation is not a field of the model", 7.7, 13.2, 20.9),
        ("selective recompute + sequence parallelism", False, "reduce_scatter_all_gather", False,
         "selective (attention-only) recomputation is not a field of the model", 7.2, 13.1, 20.3),
    ],
}


def e2e_inc_text():
    lines = ["// Generated by calibration/fit_custom.py (END_TO_END, from data/end-to-end.md): do not edit.",
             "// The layer as a scenario (pass, recompute and collective set per row), then per experiment:",
             "// name, full recompute, collective, modelled, why not, forward / backward / combined ms.",
             f'constexpr std::string_view kEndToEndScenario = R"json({json.dumps(END_TO_END["scenario"])})json";',
             f'constexpr std::string_view kEndToEndSource = "{END_TO_END["source"]}";',
             "constexpr EndToEndRow kEndToEnd[] = {"]
    for name, recompute, collective, modelled, why, f, b, c in END_TO_END["experiments"]:
        lines.append(f'    {{"{name}", {str(recompute).lower()}, "{collective}", {str(modelled).lower()}, "{why}", {f!r}, {b!r}, {c!r}}},')
    return "\n".join(lines) + "\n};\n"


def page_json(fitted, tables):
    """For the page's panel: each custom branch's figures, and the whole-layer timings with the
    scenario the page solves with its own module (both models)."""
    custom = []
    for t in tables:
        entry = fitted["tables"].get(t.section)
        if not entry:
            continue
        for column, name, _ in BRANCHES:
            if name in entry["branches"]:
                custom.append({"table": t.section, "system": t.system, "source": t.source,
                               "link": t.link, "ranks": t.ranks, "branch": name,
                               **entry["branches"][name]})
    e2e = dict(END_TO_END)
    e2e["experiments"] = [
        {"experiment": n, "recompute": r, "collective": k, "modelled": m, "why_not": w,
         "forward_ms": f, "backward_ms": b, "combined_ms": c}
        for n, r, k, m, w, f, b, c in END_TO_END["experiments"]]
    return {"launch_s": CUDA_GRAPH_LAUNCH_S, "targets": {"in_sample": IN_SAMPLE_TARGET,
                                                         "left_out": LEFT_OUT_TARGET},
            "custom_allreduce": custom, "end_to_end": e2e}


def _bytes(text):
    m = re.fullmatch(r"(\d+)\s*(KiB|MiB)?", text.strip())
    if not m:
        raise ValueError(f"not a size: {text!r}")
    return int(m.group(1)) * {"KiB": 1024, "MiB": MIB, None: 1}[m.group(2)]


def parse(text):
    """Section letter -> {column: [(bytes, seconds)]}, from the markdown tables."""
    sections, current, header = {}, None, None
    for line in text.splitlines():
        m = re.match(r"## ([A-Z])\.", line)
        if m:
            current, header = m.group(1), None
            sections[current] = {}
            continue
        if current is None or not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
            continue
        if set("".join(cells)) <= set("-: "):
            continue
        row = dict(zip(header, cells))
        size = _bytes(row["bytes"])
        for column, value in row.items():
            if column in ("tokens", "bytes"):
                continue
            sections[current].setdefault(column, []).append((size, float(value) * 1e-3))
    return sections


def load_tables():
    sections = parse(DATA.read_text())
    for t in TABLES:
        t.rows = {c: list(rows) for c, rows in sections.get(t.section, {}).items()}
        for column, size, ms in t.extra_rows:
            t.rows.setdefault(column, []).append((size, ms * 1e-3))
    return TABLES


def share(pattern, n):
    return {"one_shot": n - 1, "two_shot": 2 * (n - 1) / n, "nvls": 1.0}[pattern]


def branch_time(pattern, n, message, bandwidth, base, efficiency):
    return CUDA_GRAPH_LAUNCH_S + base + share(pattern, n) * message / (efficiency * bandwidth)


def round_sig(x, digits=SIGNIFICANT_DIGITS):
    return 0.0 if x == 0 else float(f"{x:.{digits - 1}e}")


def fit_branch(points, bandwidth, pattern):
    """Least squares in relative error over (n, bytes, seconds): base >= 0, eff in (0, 1].
    The model is linear in (base, 1/eff): t - launch = base + x c, c = share M / B."""
    rows = [(share(pattern, n) * m / bandwidth, t - CUDA_GRAPH_LAUNCH_S, t) for n, m, t in points]

    def solve(fixed_base=None):
        # minimise sum ((base + x c - y) / t)^2
        if fixed_base is not None:
            num = sum(c * (y - fixed_base) / t ** 2 for c, y, t in rows)
            den = sum(c * c / t ** 2 for c, y, t in rows)
            return fixed_base, num / den
        s_11 = sum(1 / t ** 2 for c, y, t in rows)
        s_1c = sum(c / t ** 2 for c, y, t in rows)
        s_cc = sum(c * c / t ** 2 for c, y, t in rows)
        s_1y = sum(y / t ** 2 for c, y, t in rows)
        s_cy = sum(c * y / t ** 2 for c, y, t in rows)
        det = s_11 * s_cc - s_1c ** 2
        if len({c for c, _, _ in rows}) < 2 or abs(det) < 1e-300:
            return solve(fixed_base=0.0)
        return (s_cc * s_1y - s_1c * s_cy) / det, (s_11 * s_cy - s_1c * s_1y) / det

    base, x = solve()
    if base < 0:
        base, x = solve(fixed_base=0.0)
    if x < 1:  # efficiency above 1: the bandwidth term at the line rate, base re-fitted
        x = 1.0
        base = max(0.0, sum((y - c) / t ** 2 for c, y, t in rows) / sum(1 / t ** 2 for _, _, t in rows))
    return round_sig(base), round_sig(1 / x)


def points(tables, column):
    return [(t.ranks, m, s) for t in tables for m, s in t.rows.get(column, []) if m <= CUSTOM_MAX_BYTES]


def errors(table, column, bandwidth, pattern, base, eff):
    out = []
    for m, s in table.rows.get(column, []):
        if m > CUSTOM_MAX_BYTES:
            continue
        out.append(abs(branch_time(pattern, table.ranks, m, bandwidth, base, eff) - s) / s)
    return out


def nccl_check(table, nccl_links):
    """NCCL's fitted branches (fitted.json) plus the CUDA-graph launch, against the pynccl column."""
    link = nccl_links.get(table.link)
    if not link or NCCL_COLUMN not in table.rows:
        return None
    out = []
    for m, s in table.rows[NCCL_COLUMN]:
        n = table.ranks
        best = None
        for p in link["protocols"]:
            nvls = p["pattern"] == "nvls"
            t = p["base_latency_s"] + (0 if nvls else 2 * (n - 1) * p["step_latency_s"]) + \
                (1 if nvls else 2 * (n - 1) / n) * m / (p["efficiency"] * link["bandwidth_bytes_per_s"])
            best = t if best is None else min(best, t)
        out.append(abs(CUDA_GRAPH_LAUNCH_S + best - s) / s)
    return out


def summary(errs):
    return {"median": round(statistics.median(errs), 4), "max": round(max(errs), 4), "rows": len(errs)} if errs else None


def fit(tables):
    nccl_links = json.loads(NCCL_FITTED.read_text())["links"] if NCCL_FITTED.exists() else {}
    out = {"about": __doc__.strip().splitlines()[0] + " (calibration/fit_custom.py)",
           "launch_s": CUDA_GRAPH_LAUNCH_S, "custom_max_bytes": CUSTOM_MAX_BYTES,
           "links": {}, "tables": {}}
    for key, spec in FITTED_LINKS.items():
        own = [t for t in tables if t.link == key]
        branches = []
        for column, name, pattern in BRANCHES:
            if name not in spec["branches"]:
                continue
            base, eff = fit_branch(points(own, column), spec["bandwidth"], pattern)
            branches.append({"name": name, "pattern": pattern, "base_latency_s": base,
                             "step_latency_s": 0.0, "efficiency": eff})
        sources = sorted({f"{t.source} ({t.system})" for t in own})
        out["links"][key] = {
            "custom": branches, "custom_max_bytes": CUSTOM_MAX_BYTES,
            "source": "fitted on data/custom-allreduce.md sections " +
                      ", ".join(sorted({t.section[0] for t in own})) + ": " + "; ".join(sources) +
                      f" (efficiency and base fitted, step 0; launch {CUDA_GRAPH_LAUNCH_S / US:g} µs, "
                      "CUDA graphs)"}
        # validation per table: in-sample, and left out where the link has other tables
        for t in own:
            others = [o for o in own if o is not t]
            entry = out["tables"].setdefault(t.section, {"link": key, "ranks": t.ranks,
                                                         "system": t.system, "source": t.source,
                                                         "branches": {}})
            for column, name, pattern in BRANCHES:
                if name not in spec["branches"] or column not in t.rows:
                    continue
                b = next(x for x in branches if x["name"] == name)
                item = {"in_sample": summary(errors(t, column, spec["bandwidth"], pattern,
                                                    b["base_latency_s"], b["efficiency"]))}
                if others and points(others, column):
                    lb, le = fit_branch(points(others, column), spec["bandwidth"], pattern)
                    item["left_out"] = summary(errors(t, column, spec["bandwidth"], pattern, lb, le))
                entry["branches"][name] = item
            check = nccl_check(t, nccl_links)
            if check:
                entry["nccl_check"] = summary(check)
    for key, (source, keep, why) in CARRIED.items():
        out["links"][key] = {
            "custom": [b for b in out["links"][source]["custom"] if b["name"] in keep],
            "custom_max_bytes": CUSTOM_MAX_BYTES, "source": why}
    out["none"] = NONE
    return out


def inc_text(fitted):
    lines = ["// Generated by calibration/fit_custom.py from calibration/custom_fitted.json: do not edit.",
             "// key, custom_max_bytes, then {name, pattern, base_latency s, step_latency s, efficiency}..., source"]
    for key, link in fitted["links"].items():
        branches = ", ".join(
            f'{{"{b["name"]}", "{b["pattern"]}", {b["base_latency_s"]!r}, {b["step_latency_s"]!r}, {b["efficiency"]!r}}}'
            for b in link["custom"])
        source = link["source"].replace('"', '\\"')
        lines.append(f'{{"{key}", {float(link["custom_max_bytes"])!r}, {{{{{branches}}}}},\n "{source}"}},')
    return "\n".join(lines) + "\n"


def cli_inc_text(fitted, tables):
    """The rows and left-out figures for tplayer --validate, which prices them with the core."""
    lines = ["// Generated by calibration/fit_custom.py from calibration/data/custom-allreduce.md: do not edit.",
             f"constexpr double kCustomLaunchS = {CUDA_GRAPH_LAUNCH_S!r};  // the tables' harness: CUDA graphs",
             f"constexpr double kCustomInSampleTarget = {IN_SAMPLE_TARGET!r};",
             f"constexpr double kCustomLeftOutTarget = {LEFT_OUT_TARGET!r};",
             "// section, system, link, ranks, branch, left-out median / max (< 0: none), rows {bytes, ms}",
             "const std::vector<CustomTable>& custom_tables() {",
             "  static const std::vector<CustomTable> all = {"]
    for t in tables:
        entry = fitted["tables"].get(t.section)
        if not entry:
            continue
        for column, name, _ in BRANCHES:
            if name not in entry["branches"]:
                continue
            lo = entry["branches"][name].get("left_out")
            rows = ", ".join(f"{{{m}, {sec * 1e3:.6g}}}" for m, sec in t.rows[column] if m <= CUSTOM_MAX_BYTES)
            system = t.system.replace('"', '\\"')
            lines.append(f'{{"{t.section}", "{system}", "{t.link}", {t.ranks}, "{name}", '
                         f'{lo["median"] if lo else -1.0!r}, {lo["max"] if lo else -1.0!r},\n {{{rows}}}}},')
    lines += ["  };", "  return all;", "}"]
    return "\n".join(lines) + "\n"


def report(fitted):
    print(f"Custom all-reduce branches (docs/model.md#custom-all-reduce), launch {fitted['launch_s'] / US:g} us (CUDA graphs), "
          f"rows <= {fitted['custom_max_bytes'] // MIB} MiB; targets: median <= "
          f"{IN_SAMPLE_TARGET:.0%} in-sample, <= {LEFT_OUT_TARGET:.0%} left out")
    for key, link in fitted["links"].items():
        consts = ", ".join(f"{b['name']} {b['base_latency_s'] / US:.2f} us + eff {b['efficiency']:.3f}"
                           for b in link["custom"])
        print(f"  {key:13} {consts}")
    print(f"  {'table':6} {'link':8} {'n':>2} {'branch':9} {'in-sample med/max':>18} {'left-out med/max':>17}")
    for section, t in fitted["tables"].items():
        for name, item in t["branches"].items():
            ins = item["in_sample"]
            lo = item.get("left_out")
            fmt = lambda s: f"{s['median']:6.1%} / {s['max']:6.1%}" if s else "-"
            print(f"  {section:6} {t['link']:8} {t['ranks']:2} {name:9} {fmt(ins):>18} {fmt(lo) if lo else '-':>17}")
        if "nccl_check" in t:
            c = t["nccl_check"]
            print(f"  {section:6} {t['link']:8} {t['ranks']:2} {'NCCL':9} {c['median']:6.1%} / {c['max']:6.1%}"
                  "  (fitted.json's branches + launch, against pynccl: a check)")
    for key, why in fitted["none"].items():
        print(f"  no custom branches: {key}: {why}")


def main(argv):
    tables = load_tables()
    fitted = fit(tables)
    text = json.dumps(fitted, indent=1) + "\n"
    outputs = ((FITTED_PATH, text), (INC_PATH, inc_text(fitted)),
               (CLI_INC_PATH, cli_inc_text(fitted, tables)), (E2E_INC_PATH, e2e_inc_text()),
               (PAGE_PATH, json.dumps(page_json(fitted, tables), indent=1) + "\n"))
    if "--write" in argv:
        for path, want in outputs:
            path.write_text(want)
    elif "--check" in argv:
        stale = [p.name for p, want in outputs if not p.exists() or p.read_text() != want]
        if stale:
            print("fit_custom.py --check: out of date: " + ", ".join(stale) +
                  " (run python3 calibration/fit_custom.py --write)", file=sys.stderr)
            return 1
        return 0
    elif "--json" in argv:
        print(text, end="")
        return 0
    report(fitted)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
