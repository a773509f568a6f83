#!/usr/bin/env python3
"""The tplayer command as a process: exit codes, the --json shape, stdin, errors by field.

usage: test_cli.py TPLAYER CASES_DIR TEST_NAME   (CTest runs one TEST_NAME per test)

Expected numbers come from the shared case files (tests/cases/*.json), so the CLI is held to
the same figures as the core and the JavaScript door.
"""
import json
import math
import os
import re
import subprocess
import sys
import tempfile

TPLAYER, CASES = (sys.argv[1], sys.argv[2]) if len(sys.argv) > 2 else (None, None)

# docs/model.md#the-result, spelt out in tests/result-fields.json rather than taken from the program
# (the oracle the JS and C++ tests read too).
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "result-fields.json"),
          encoding="utf-8") as _oracle:
    _FIELDS = json.load(_oracle)
RESULT_FIELDS = set(_FIELDS["result"])
LINK_FIELDS = set(_FIELDS["link"])
# docs/model.md#the-catalogue and the issue: what --list must show.
PRESETS = ["Gpt3TensorParallelLayerTp8"]
WORKLOADS = ["GPT3", "GPT2", "Llama2_7B", "Llama2_70B", "Llama3_8B", "Llama3_70B", "Llama3_405B",
             "Mixtral_8x7B", "BERT_Large",
             # docs/model.md#any-model-any-rig: from their published configs.
             "Llama3_1_8B", "Llama3_1_70B", "Llama3_3_70B", "Qwen2_5_7B", "Qwen2_5_72B", "Qwen3_8B",
             "Qwen3_32B", "Qwen3_30B_A3B", "Qwen3_235B_A22B", "Mistral_7B", "Mixtral_8x22B",
             "Gemma2_27B", "GptOss_20B", "GptOss_120B"]
ACCELERATORS = ["H100", "H200", "A100", "B200", "MI300X", "V100", "RTX4090", "RTX5090",
                "RTXPro6000", "L40S", "L4", "A10G", "GB10", "MI355X"]
LINKS = ["nvlink2", "nvlink3", "nvlink4", "nvlink5", "nvlink5_nvl72", "infinity_fabric",
         "mi355x_xgmi", "ici_v5p", "roce_gaudi3",
         "pcie4", "pcie5", "pcie5_host", "cx7_200g", "thunderbolt5", "ib_hdr", "ib_ndr", "ib_xdr", "roce_100g", "roce_400g",
         "ethernet_400g"]
# The two-tier link presets: key -> (intra_node, inter_node, ranks_per_node).
TWO_TIER_LINKS = {"hgx_h100_ndr": ("nvlink4", "ib_ndr", 8), "hgx_a100_hdr": ("nvlink3", "ib_hdr", 8),
                  "aws_p4d_efa": ("nvlink3", "efa_p4d", 8),
                  "gcp_a3mega_tcpxo": ("nvlink4", "tcpxo_a3mega", 8),
                  "mi300x_roce": ("infinity_fabric", "roce_400g", 8)}

failures = []


def dotted(path):
    """A structured error path as the dotted field text the core writes beside it."""
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else step)
    return out or "scenario"


def well_formed(e):
    """An error or warning: field, path and message, the field spelling out the path."""
    return (set(e) == {"field", "path", "message"} and e["message"] and isinstance(e["path"], list)
            and dotted(e["path"]) == e["field"])


def check(ok, what):
    if not ok:
        failures.append(what)
    return ok


def text(data, what):
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        failures.append(f"{what} is not UTF-8 ({e}): {data[:400]!r}")
        return data.decode("utf-8", errors="replace")


def run(*args, stdin=None):
    p = subprocess.run([TPLAYER, *args], input=None if stdin is None else stdin.encode("utf-8"),
                       capture_output=True, timeout=20)
    what = "tplayer " + " ".join(args)
    return p.returncode, text(p.stdout, what + ": stdout"), text(p.stderr, what + ": stderr")


def parse(out, what):
    try:
        return json.loads(out)
    except ValueError as e:
        failures.append(f"{what}: stdout is not JSON ({e}): {out[:400]!r}")
        return None


def case(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def sampled(files, every):
    """All `files`, or in a sanitizer build (TPLAYER_CLI_CASE_STRIDE=n, set by CMake) every n-th
    unless `every`: Catch2 runs each case through the core in-process under the sanitizers too,
    and what the CLI adds (reading a file or stdin, printing the result or the errors) is the same
    code for every case, so one process per case there only pays the sanitizers' start-up."""
    return files if every else files[::int(os.environ.get("TPLAYER_CLI_CASE_STRIDE", "1"))]


def valid_cases(every=False):
    return sampled(sorted(os.path.join(CASES, n) for n in os.listdir(CASES) if n.endswith(".json")),
                   every)


def invalid_cases(every=False):
    d = os.path.join(CASES, "invalid")
    return sampled(sorted(os.path.join(d, n) for n in os.listdir(d) if n.endswith(".json")), every)


def scenario_text(doc):
    return doc["scenario_text"] if "scenario_text" in doc else json.dumps(doc["scenario"])


def close(got, want, tol):
    if isinstance(want, bool) or isinstance(want, str):
        return got == want
    if not isinstance(got, (int, float)) or isinstance(got, bool):
        return False
    return got == want or abs(got - want) <= tol * max(abs(got), abs(want))


def check_result(result, expect, tol, what):
    """The result has exactly docs/model.md#the-result fields and the expected values of a case file."""
    if result is None:
        return
    check(set(result) == RESULT_FIELDS, f"{what}: result fields {sorted(set(result) ^ RESULT_FIELDS)} differ from docs/model.md#the-result")
    check(result.get("type") == "TensorParallelLayerResult", f"{what}: type is {result.get('type')!r}")
    for key, want in expect.items():
        if key in ("links", "warnings"):
            continue
        check(close(result.get(key), want, tol), f"{what}: {key} = {result.get(key)!r}, want {want!r}")
    links = result.get("links", [])
    check(len(links) == len(expect["links"]), f"{what}: {len(links)} links, want {len(expect['links'])}")
    for i, (got, want) in enumerate(zip(links, expect["links"])):
        check(set(got) == LINK_FIELDS, f"{what}: link {i} fields {sorted(set(got) ^ LINK_FIELDS)} differ from docs/model.md#the-result")
        for key, value in want.items():
            check(close(got.get(key), value, tol), f"{what}: links[{i}].{key} = {got.get(key)!r}, want {value!r}")
    if "warnings" in expect:
        got = sorted(w.get("field") for w in result.get("warnings", []))
        check(got == sorted(expect["warnings"]), f"{what}: warnings {got}, want {sorted(expect['warnings'])}")
        for w in result.get("warnings", []):
            check(well_formed(w), f"{what}: warning {w!r}")


def spec_case():
    return case(os.path.join(CASES, "gpt3_tp8_spec_3_1.json"))


# --- the tests --------------------------------------------------------------------------------

def test_preset_json():
    doc = spec_case()
    for args in (["--preset", "Gpt3TensorParallelLayerTp8", "--json"],
                 ["--json", "--preset", "Gpt3TensorParallelLayerTp8"],
                 ["--preset", "Gpt3TensorParallelLayerTp8", "--format", "json"]):
        code, out, err = run(*args)
        what = " ".join(args)
        check(code == 0, f"{what}: exit {code}, stderr {err!r}")
        check_result(parse(out, what), doc["expect"], doc["tolerance"], what)
    # The docs/model.md#the-worked-example table, as printed there.
    r = parse(run("--preset", "Gpt3TensorParallelLayerTp8", "--json")[1], "spec")
    if r:
        check(r["message_bytes"] == 50331648, "M is exactly 50331648")
        check(r["links"][0]["wire_bytes_per_rank"] == 176160768, "wire bytes exactly 176160768")
        check(abs(r["compute_time_s"] / 1.887428e-3 - 1) < 1e-6, "t_comp 1.887428 ms")
        check(abs(r["links"][1]["communication_time_s"] / 3.6632154e-3 - 1) < 1e-7, "IB t_comm 3.6632154 ms")
        check(r["binding_link"] == "infiniband_ndr" and r["bound"] == "communication", "binding link")


def test_preset_table():
    code, out, err = run("--preset", "Gpt3TensorParallelLayerTp8")
    check(code == 0, f"exit {code}, stderr {err!r}")
    check(err == "", f"stderr not empty: {err!r}")
    for text in ("nvlink", "infiniband_ndr", "communication", "compute", "bandwidth",
                 "1.887",   # t_comp 1.887428 ms
                 "3.663",   # infiniband_ndr t_comm 3.6632154 ms
                 "405.5"):  # nvlink t_comm 0.4054684 ms = 405.5 us
        check(text in out, f"the table lacks {text!r}:\n{out}")
    check(not out.lstrip().startswith("{"), "the default output is a table, not JSON")


def test_table_singular():
    """One token, rank, all-reduce or layer is said in the singular."""
    scenario = {"workload": {"preset": "GPT3", "layers": 1}, "tp_size": 1, "tokens": 1,
                "accelerator": "H100", "precision": "fp16_dense", "local_efficiency": 0.5,
                "links": {"nvlink": "nvlink4"}, "collectives_per_layer": 1}
    code, out, err = run("--json", "-", stdin=json.dumps(scenario))
    check(code == 0, f"exit {code}, stderr {err!r}")
    for text in ("TP 1, 1 token, 1 all-reduce per layer", "/ 1 rank)", "(1 token x 12288 hidden",
                 "per forward pass of 1 token\n", "the layer x 1 layer;"):
        check(text in out, f"the table lacks {text!r}:\n{out}")
    check(re.search(r"\b1 (tokens|ranks|all-reduces|layers)\b", out) is None,
          f"a plural after 1:\n{out}")
    # A sweep's node boundary at one rank per node.
    scenario["links"] = {"hgx": {"preset": "hgx_h100_ndr", "ranks_per_node": 1}}
    code, out, err = run("--json", "-", "--sweep", "tp_size=1,2", stdin=json.dumps(scenario))
    check(code == 0 and "node boundary (1 rank per node)" in out, f"exit {code}, {err!r}:\n{out}")


def test_json_file():
    with tempfile.TemporaryDirectory() as tmp:
        check(len(valid_cases(every=True)) >= 9, f"only {len(valid_cases(every=True))} case files")
        for path in valid_cases():
            doc = case(path)
            file = os.path.join(tmp, os.path.basename(path))
            with open(file, "w", encoding="utf-8") as f:
                f.write(scenario_text(doc))
            name = os.path.basename(path)
            code, out, err = run("--json", file, "--json")
            check(code == 0, f"{name}: exit {code}, stderr {err!r}")
            check_result(parse(out, name), doc["expect"], doc["tolerance"], name)
            code, out, err = run("--json", file)  # table
            check(code == 0 and doc["expect"]["binding_link"] in out, f"{name} as a table: exit {code}")
        code, out, err = run("--json", os.path.join(tmp, "no-such-file.json"), "--json")
        check(code == 2, f"a missing file: exit {code}")
        r = parse(out, "missing file")
        check(r is not None and [e["field"] for e in r.get("errors", [])] == ["json"],
              f"a missing file names field json: {out!r}")


def test_json_stdin():
    doc = spec_case()
    code, out, err = run("--json", "-", "--json", stdin=json.dumps(doc["scenario"]))
    check(code == 0, f"exit {code}, stderr {err!r}")
    check_result(parse(out, "stdin"), doc["expect"], doc["tolerance"], "stdin")
    code, out, err = run("--json", "-", stdin=json.dumps(doc["scenario"]))
    check(code == 0 and "infiniband_ndr" in out, f"stdin, table: exit {code}, {err!r}")


def test_invalid_field_json():
    check(len(invalid_cases(every=True)) >= 30, "fewer than 30 invalid case files")
    for path in invalid_cases():
        doc, name = case(path), os.path.basename(path)
        code, out, err = run("--json", "-", "--json", stdin=scenario_text(doc))
        check(code == 2, f"{name}: exit {code}")
        r = parse(out, name)
        if r is None:
            continue
        check(set(r) == {"errors"}, f"{name}: {sorted(r)} is not {{errors}}")
        errors = r.get("errors", [])
        check(sorted(e.get("field") for e in errors) == sorted(doc["errors"]),
              f"{name}: error fields {sorted(e.get('field') for e in errors)}, want {sorted(doc['errors'])}")
        includes = doc["message_includes"]
        check(set(includes) == set(doc["errors"]) and all(includes.values()),
              f"{name}: message_includes {sorted(includes)} does not list phrases for each of {sorted(doc['errors'])}")
        for e in errors:
            check(well_formed(e), f"{name}: error {e!r}")
            for part in includes.get(e.get("field"), []):
                check(part in e["message"], f"{name}: {e['field']}: {e['message']!r} lacks {part!r}")
        for field, want in doc.get("paths", {}).items():
            got = [e.get("path") for e in errors if e.get("field") == field]
            check(dotted(want) == field, f"{name}: paths[{field!r}] = {want!r} spells {dotted(want)!r}")
            check(got and all(p == want for p in got), f"{name}: {field} has path(s) {got!r}, want {want!r}")


def test_invalid_field_stderr():
    for path in invalid_cases():
        doc, name = case(path), os.path.basename(path)
        code, out, err = run("--json", "-", stdin=scenario_text(doc))
        check(code == 2, f"{name}: exit {code}")
        check(out == "", f"{name}: stdout not empty: {out!r}")
        for field in doc["errors"]:
            check(field in err, f"{name}: stderr does not name {field}: {err!r}")
    doc = json.loads(json.dumps(spec_case()["scenario"]))
    doc["tp_size"] = 0
    code, out, err = run("--json", "-", stdin=json.dumps(doc))
    check(code == 2 and "tp_size" in err and "got 0" in err, f"tp_size 0: exit {code}, {err!r}")


def catalogue_keys(kind):
    """The keys --list --json gives for one kind (to check that other outputs name them all)."""
    code, out, err = run("--list", "--json")
    r = parse(out, "--list --json") if code == 0 else None
    return [e.get("key") for e in r.get(kind, [])] if r else []


def test_unknown_preset():
    code, out, err = run("--preset", "Gpt4TensorParallel")
    check(code == 2, f"exit {code}")
    check("Gpt4TensorParallel" in err, f"stderr does not say what came: {err!r}")
    presets = catalogue_keys("presets")
    check(set(PRESETS) <= set(presets), f"--list --json presets {presets}")
    for key in presets:
        check(key in err, f"stderr does not list {key}: {err!r}")
    code, out, err = run("--preset", "Gpt4TensorParallel", "--json")
    check(code == 2, f"--json: exit {code}")
    r = parse(out, "unknown preset --json")
    if r:
        errors = r.get("errors", [])
        check(len(errors) == 1 and errors[0].get("field") == "preset", f"errors {errors!r}")
        check(all(k in errors[0].get("message", "") for k in presets), f"message lists presets: {errors!r}")


def test_bad_json_syntax():
    for text, where in (("{", "line 1"), ('{\n  "tp_size": 8,\n  "tokens": ]\n}', "line 3"), ("", "line 1"),
                        ("[1,]", "line 1")):
        code, out, err = run("--json", "-", "--json", stdin=text)
        check(code == 2, f"{text!r}: exit {code}")
        r = parse(out, f"syntax {text!r}")
        if r:
            errors = r.get("errors", [])
            check(len(errors) == 1 and errors[0].get("field") == "json", f"{text!r}: errors {errors!r}")
            check(errors and where in errors[0].get("message", ""), f"{text!r}: no {where!r} in {errors!r}")
        code, out, err = run("--json", "-", stdin=text)
        check(code == 2 and "json" in err and where in err, f"{text!r} without --json: exit {code}, {err!r}")


def test_list():
    code, out, err = run("--list")
    check(code == 0, f"exit {code}, stderr {err!r}")
    for key in PRESETS + WORKLOADS + ACCELERATORS + LINKS:
        check(key in out, f"--list lacks {key}")
    for kind in ("presets", "workloads", "accelerators", "links"):
        for key in catalogue_keys(kind):
            check(key in out, f"--list lacks {kind} {key} that --list --json has")
    code, out, err = run("--list", "--json")
    check(code == 0, f"--list --json: exit {code}")
    r = parse(out, "--list --json")
    if r:
        for kind, keys in (("presets", PRESETS), ("workloads", WORKLOADS),
                           ("accelerators", ACCELERATORS), ("links", LINKS)):
            listed = [e.get("key") for e in r.get(kind, [])]
            check(all(k in listed for k in keys), f"--list --json {kind}: {listed}")
            check(all(e.get("source") for e in r.get(kind, [])) or kind == "presets",
                  f"--list --json {kind}: an entry without a source")


def test_list_two_tier():
    """--list shows the two-tier link presets with their tiers and sources; --list --json gives
    them as two_tier_links [{key, label, short_name, intra_node, inter_node, ranks_per_node,
    source}]."""
    code, out, err = run("--list")
    check(code == 0, f"--list: exit {code}")
    check("Two-tier links" in out, "--list has no two-tier section")
    check(all(len(line) <= 100 for line in out.splitlines()), "--list fits 100 columns")
    code, out, err = run("--list", "--json")
    r = parse(out, "--list --json")
    if not r:
        return
    entries = r.get("two_tier_links", [])
    links = {e["key"] for e in r.get("links", [])}
    got = {e.get("key"): (e.get("intra_node"), e.get("inter_node"), e.get("ranks_per_node")) for e in entries}
    for key, tiers in TWO_TIER_LINKS.items():
        check(got.get(key) == tiers, f"two_tier_links {key}: {got.get(key)}, want {tiers}")
    listed = run("--list")[1]
    for e in entries:
        check(set(e) == {"key", "label", "short_name", "intra_node", "inter_node", "ranks_per_node",
                         "source"}, f"two_tier_links entry {sorted(e)}")
        check(len(e.get("source", "")) > 20 and e.get("label"), f"{e.get('key')}: a label and a source")
        check(e["intra_node"] in links and e["inter_node"] in links and e["key"] not in links,
              f"{e['key']}: tiers are catalogue links, the key is not one")
        check(e["key"] in listed and f"{e['intra_node']} inside nodes of {e['ranks_per_node']}" in listed,
              f"--list lacks {e['key']} with its tiers")


def sweep_rows(out, link):
    """The rows (and marks) of one link's block in a --sweep table: the lines after its head."""
    lines = out.splitlines()
    start = next((i for i, l in enumerate(lines) if l.startswith(link + "  ")), None)
    if start is None:
        return []
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("  "):
            break
        rows.append(line)
    return rows


def test_sequence_parallel():
    """docs/model.md#sequence-parallelism on the command line: the header names the collective, each link its pair and the
    bandwidth that hides its exchange, in words where none does; a measured link refuses it."""
    scenario = {"workload": "GPT3", "tp_size": 8, "tokens": 2048, "accelerator": "H100",
                "local_efficiency": 0.5, "links": {"nvlink": "nvlink4", "ib": "ib_ndr"},
                "link_model": "nccl", "collective": "reduce_scatter_all_gather"}
    code, out, err = run("--json", "-", stdin=json.dumps(scenario))
    check(code == 0 and err == "", f"sequence parallelism: exit {code}, {err!r}")
    for text in ("reduce-scatter + all-gather pairs per layer (sequence parallelism)",
                 "launch overhead 10 µs per call", "rs + ag", "a reduce-scatter", "an all-gather",
                 "NCCL runs   ll128/ll128", "NCCL runs   simple/simple",
                 "hidden      from 121.5 GB/s per direction (0.27x this link's)",
                 "hidden      from 299.3 GB/s per direction (5.99x this link's)"):
        check(text in out, f"the sequence-parallel table lacks {text!r}:\n{out}")
    check(all(len(line) <= 100 for line in out.splitlines()), "the table fits 100 columns")
    decode = dict(scenario, tokens=32, link_model="line_rate")
    code, out, err = run("--json", "-", stdin=json.dumps(decode))
    check(code == 0 and "by no bandwidth: the latency terms alone take longer than the compute" in out,
          f"InfiniBand's latency alone outlasts a decode step's compute:\n{out}")
    code, out, err = run("--json", "-", stdin=json.dumps(dict(decode, tp_size=1)))
    check(code == 0 and out.count("nothing to hide: no exchange") == 2, f"n = 1:\n{out}")
    code, out, err = run("--json", "-", "--sweep", "tp_size=2,8,16", stdin=json.dumps(scenario))
    check(code == 0 and "rs + ag" in out and "hidden from" in out and "299.3 GB/s" in out,
          f"the sweep shows the pair and the hiding bandwidth:\n{out}")
    with tempfile.TemporaryDirectory() as tmp:
        measured = os.path.join(tmp, "mine.txt")
        with open(measured, "w", encoding="utf-8") as f:
            f.write("  1048576 262144 float sum -1 40.0 26.21 45.87 0\n"
                    "  4194304 1048576 float sum -1 80.0 52.43 91.75 0\n")
        code, out, err = run("--json", "-", "--measured", "mine=" + measured, "--measured-ranks", "8",
                             stdin=json.dumps(scenario))
        check(code == 2 and "links.mine.measured: all_reduce_perf measures all-reduces only" in err,
              f"a measured link under sequence parallelism: exit {code}, {err!r}")


def test_sweep():
    """--sweep solves each point as a single solve would, marks a link's domain end and a
    two-tier link's node boundary between the rows around it, and refuses bad points by field."""
    args = ("--preset", "Llama3_405BTp16AcrossNodes", "--sweep", "tp_size=1,2,4,8,16,32")
    code, out, err = run(*args)
    check(code == 0 and err == "", f"sweep: exit {code}, {err!r}")
    check(all(len(line) <= 100 for line in out.splitlines()), "the sweep fits 100 columns")
    rows = sweep_rows(out, "hgx")
    mark = [i for i, r in enumerate(rows) if "node boundary" in r]
    check(len(mark) == 1, f"one node boundary mark in {rows}")
    if mark:
        i = mark[0]
        check(rows[i - 1].split()[0] == "8" and rows[i + 1].split()[0] == "16",
              f"the node boundary sits between tp_size 8 and 16: {rows}")
        check("8 ranks per node" in rows[i] and "both tiers are priced" in rows[i], f"mark: {rows[i]!r}")
        check("2 nodes" in rows[i + 1] and "nodes" not in rows[i - 1], f"nodes per row: {rows}")
    check(not any("domain end" in r or "†" in r for r in rows), f"two nodes of HGX are within the domains: {rows}")
    # The domain end of a plain link (NVLink 4 joins 8), marked the same way, rows beyond with a dagger.
    code, out, err = run("--preset", "Gpt3TensorParallelLayerTp8", "--sweep", "tp_size=4,8,16")
    rows = sweep_rows(out, "nvlink")
    mark = [i for i, r in enumerate(rows) if "domain end" in r]
    check(code == 0 and len(mark) == 1 and rows[mark[0] - 1].split()[0] == "8",
          f"nvlink's domain end after tp_size 8: {rows}")
    check(any(r.split()[:1] == ["16"] and r.endswith("†") for r in rows), f"tp_size 16 beyond: {rows}")
    check(not any("node boundary" in r for r in rows), "a plain link has no node boundary")
    # JSON: the points as {value, result}, each equal to the single solve at that value.
    code, out, err = run(*args, "--json")
    r = parse(out, "sweep --json")
    scenario = parse(run("--preset", "Llama3_405BTp16AcrossNodes", "--print-scenario")[1], "print")
    if r and scenario:
        check(r.get("field") == "tp_size" and [p["value"] for p in r["points"]] == [1, 2, 4, 8, 16, 32],
              f"sweep --json: {sorted(r)}")
        for p in r["points"]:
            one = dict(scenario, tp_size=p["value"])
            single = parse(run("--json", "-", "--json", stdin=json.dumps(one))[1], "single")
            check(p.get("result") == single, f"tp_size {p['value']}: the sweep's point is the single solve")
            check(p["result"]["links"][0]["node_count"] == max(1, p["value"] // 8), f"node_count at {p['value']}")
    # A point that cannot be solved: exit 2, the point's error by field (JSON and stderr).
    code, out, err = run("--preset", "Llama3_405BTp16AcrossNodes", "--sweep", "tp_size=8,12,16", "--json")
    r = parse(out, "sweep with a bad point")
    check(code == 2, f"a bad point: exit {code}")
    if r:
        bad = r["points"][1]
        check("result" not in bad and [e["field"] for e in bad.get("errors", [])] == ["links.hgx.ranks_per_node"],
              f"tp_size 12: {bad}")
        check(all("result" in p for p in (r["points"][0], r["points"][2])), "the other points solve")
    code, out, err = run("--preset", "Llama3_405BTp16AcrossNodes", "--sweep", "tp_size=8,12,16")
    check(code == 2 and "tp_size 12: links.hgx.ranks_per_node" in err and "tp_size 12 is above" in err,
          f"tp_size 12 on stderr: exit {code}, {err!r}")
    code, out, err = run("--preset", "Gpt3TensorParallelLayerTp8", "--sweep", "heads=1,2")
    check(code == 2 and "sweep" in err and "tp_size" in err, f"an unsweepable field: exit {code}, {err!r}")
    code, out, err = run("--preset", "Gpt3TensorParallelLayerTp8", "--sweep", "tp_size=0,2.5,8", "--json")
    r = parse(out, "sweep of bad values")
    check(code == 2 and r and [[e["field"] for e in p.get("errors", [])] for p in r["points"]] == [["tp_size"], ["tp_size"], []],
          f"tp_size 0 and 2.5 are the core's errors, per point: exit {code}, {out[:300]!r}")
    # Each point's warnings under the tables, by value, as the single solve's table says them.
    code, out, err = run("--preset", "Gpt3TensorParallelLayerTp8", "--sweep", "tp_size=4,16")
    warned = [line for line in out.splitlines() if line.startswith("warning: ")]
    check(code == 0 and any(line.startswith("warning: tp_size 16: links.nvlink: tp_size 16 is more than")
                            for line in warned), f"the domain warning at tp_size 16: {warned}")
    check(not any(line.startswith("warning: tp_size 4: links.nvlink") for line in warned),
          f"no domain warning at tp_size 4: {warned}")
    code, out, err = run("--preset", "Llama3_70BDecodeTp8", "--sweep", "tokens=1,2")
    check(code == 0 and out.rstrip().endswith("warnings: none"), f"a sweep with none says so: {out[-200:]!r}")
    for bad in ("tp_size", "tp_size=", "=1,2", "tp_size=1,x", "tp_size=1,,2", "tp_size=1,",
                "tp_size=NaN", "tp_size=1e400"):
        code, out, err = run("--preset", "Gpt3TensorParallelLayerTp8", "--sweep", bad)
        check(code == 2 and "usage" in err, f"--sweep {bad!r}: exit {code}")


def test_validate():
    """--validate prices every table with the core (the 2-node ones as two-tier links) and agrees
    with the fit's own figures (calibration/fit.py, an independent implementation of the formulas)."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(CASES)))
    with open(os.path.join(root, "calibration", "fitted.json"), encoding="utf-8") as f:
        fitted = {v["table"]: v for v in json.load(f)["validation"]}
    code, out, err = run("--validate", "--json")
    check(code == 0, f"--validate --json: exit {code}, {err!r}")
    r = parse(out, "--validate --json")
    if not r:
        return
    listed = {t["table"] for t in r["tables"]}
    check(listed == set(fitted), f"tables {sorted(listed)}, want every table {sorted(fitted)}")
    check(any(t["nodes"] == 2 for t in r["tables"]), "the 2-node tables are priced (two-tier)")
    # ib_ndr across 2, 4 and 8 nodes (its NVLS-tree branch's tables).
    check({t["nodes"] for t in r["tables"] if t["link"] == "ib_ndr"} == {2, 4, 8},
          "ib_ndr's tables across 2, 4 and 8 nodes")
    for t in r["tables"]:
        want = fitted[t["table"]]
        for model in ("line_rate", "nccl"):
            for stat in ("median", "max"):
                got, exp = t[model][stat], want[model][stat]
                check(abs(got - exp) <= 5e-4 + 1e-3 * exp,
                      f"{t['table']} {model} {stat}: CLI {got:.5f}, fit {exp:.5f}")
        target = want["nccl"]["target_median"]
        check(t["nccl"]["target_median"] == target, f"{t['table']}: target")
        check(t["nccl"]["pass"] == (t["nccl"]["median"] <= target), f"{t['table']}: verdict")
        check(("left_out" in t) == ("left_out" in want), f"{t['table']}: left out")
        check(t["rows"] == want["rows"] and t["min_bytes"] == want["min_bytes"], f"{t['table']}: rows")
    # The fabrics built differently have their rows: the full NVL72 rack on its own
    # link (NVLS, within its target) and the 8-GPU MI300X on the fully connected xGMI link.
    by_table = {t["table"]: t for t in r["tables"]}
    nvl72, mi300x = by_table.get("gb200nvl72_72.txt"), by_table.get("mi300x_8.txt")
    check(nvl72 and nvl72["link"] == "nvlink5_nvl72" and nvl72["ranks"] == 72
          and nvl72["nccl"]["pass"], f"the NVL72 row: {nvl72}")
    check(mi300x and mi300x["link"] == "infinity_fabric" and mi300x["nccl"]["pass"],
          f"the MI300X row: {mi300x}")
    # docs/model.md#sequence-parallelism: the sequence-parallel rows of end-to-end.md are modelled, forward with and without.
    rows = {x["experiment"]: x for x in r["end_to_end"]}
    tp, sp = rows.get("tensor parallel only, no recompute"), rows.get("sequence parallelism")
    check(tp and sp and sp["modelled"] and sp["collective"] == "reduce_scatter_all_gather",
          f"the sequence-parallel row is modelled: {sp}")
    if tp and sp and sp["modelled"]:
        a, b = tp["forward"], sp["forward"]
        check(abs(a["mlsysim"]["serial_s"] - b["mlsysim"]["serial_s"]) <= 1e-12 * a["mlsysim"]["serial_s"],
              "at line rate the pair costs the all-reduce")
        check(b["roofline_nccl"]["exchange_s"] > a["roofline_nccl"]["exchange_s"],
              "as NCCL runs them the pair costs more than the all-reduce")
    # The links with no table of their own say what their branches were carried from.
    carried = {c["link"]: c["calibration"] for c in r["links_without_table"]}
    for key in ("pcie5_host", "cx7_200g", "thunderbolt5"):
        check(carried.get(key, "").startswith("carried over from "), f"{key} carried over: {carried}")
    check("nvlink4" not in carried, "a link fitted on its own tables is not listed as carried")
    code, out, err = run("--validate")
    check(code == 0 and all(name in out for name in fitted), f"--validate table: exit {code}")
    check("Catalogue links without a table of their own" in out
          and all(f"  {key} " in out for key in carried), "--validate lists the carried-over links")
    check(all(len(line) <= 100 for line in out.splitlines()), "--validate fits 100 columns")
    # docs/calibration.md and calibration/README.md quote this report and fit.py's; a script
    # regenerates both, never a hand.
    readme = subprocess.run([sys.executable, os.path.join(root, "calibration", "readme_validation.py"),
                             "--check", "--cli", TPLAYER], capture_output=True, text=True)
    check(readme.returncode == 0, f"docs' generated blocks: {readme.stderr.strip()}")


def test_svg_card():
    """--format svg: the verdict card of every preset as well-formed SVG of fixed size, with no
    external reference, drawn by rsvg-convert at that size; bad input exits 2 as in the table."""
    import shutil
    import xml.etree.ElementTree as ET
    ns = "{http://www.w3.org/2000/svg}"
    rsvg = shutil.which("rsvg-convert")
    check(rsvg is not None, "rsvg-convert not found: run scripts/ensure-deps.sh (librsvg2-bin)")
    for key in catalogue_keys("presets"):
        code, out, err = run("--preset", key, "--format", "svg", "--permalink", f"https://e.org/#v=3&p={key}")
        what = f"--preset {key} --format svg"
        if not check(code == 0, f"{what}: exit {code}, {err!r}"):
            continue
        check(len(out.encode("utf-8")) <= 12_000, f"{what}: {len(out)} bytes, more than 12 KB")
        try:
            svg = ET.fromstring(out)
        except ET.ParseError as e:
            failures.append(f"{what}: not well-formed XML ({e})")
            continue
        check(svg.tag == ns + "svg" and svg.get("width") == "640" and svg.get("height"), f"{what}: size")
        texts = " ".join("".join(t.itertext()) for t in svg.iter(ns + "text"))
        check(f"#v=3&p={key}" in texts, f"{what}: the permalink is not in its text")
        check(("bound on" in texts) or ("nothing to exchange" in texts), f"{what}: no verdict")
        check("href" not in out and "url(" not in out, f"{what}: an external reference")
        if rsvg:
            png = subprocess.run([rsvg, "--format", "png"], input=out.encode("utf-8"), capture_output=True)
            check(png.returncode == 0 and png.stdout[:8] == b"\x89PNG\r\n\x1a\n",
                  f"{what}: rsvg-convert failed: {png.stderr[:300]!r}")
            width = int.from_bytes(png.stdout[16:20], "big")
            check(width == 640, f"{what}: rsvg-convert drew {width} px wide")
    code, out, err = run("--json", "-", "--format", "svg", stdin='{"tp_size": 0}')
    check(code == 2 and out == "" and "tp_size" in err, f"--format svg, bad input: exit {code}, {err!r}")
    for args in (["--format", "svg", "--json"], ["--format", "svg", "--sweep", "tp_size=1,2"],
                 ["--format", "svg", "--print-scenario"], ["--permalink", "https://e.org"]):
        code, out, err = run("--preset", "Gpt3TensorParallelLayerTp8", *args)
        check(code == 2 and "usage" in err, f"{args}: exit {code}, {err!r}")


def test_check():
    """--check prints what the JS door's check() returns (issue 17): the result, the scenario as
    the core read it (a catalogue part given as {preset, ...} is its key while it equals its
    entry, an object that keeps its preset once edited) and the defaults it derived; {errors}
    and exit 2 on bad input."""
    scenario = json.loads(scenario_text(spec_case()))
    scenario.pop("collectives_per_layer", None)
    scenario["workload"] = {"preset": "GPT3", "layers": 48}
    scenario["accelerator"] = {"preset": "H100", "name": "NVIDIA H100 SXM"}
    scenario["links"] = {
        "nvlink": {"preset": "nvlink4", "latency": "0.5 us"},
        "edited": {"preset": "ib_ndr", "bandwidth": "400 Gb/s", "latency": "4 us"},
        "hgx": {"preset": "hgx_h100_ndr", "ranks_per_node": 4},
        "rows": {"rows": [[1048576, 4e-05], [4194304, 8e-05], [16777216, 0.0002]], "ranks": 4},
    }
    code, out, err = run("--json", "-", "--check", stdin=json.dumps(scenario))
    check(code == 0, f"--check: exit {code}, stderr {err!r}")
    r = parse(out, "--check")
    if not r:
        return
    check(list(r) == ["result", "scenario", "derived", "entries"], f"--check keys {list(r)}")
    check(r["entries"] == [["accelerator"], ["links", "nvlink"], ["links", "hgx", "intra_node"],
                           ["links", "hgx", "inter_node"]],
          f"the parts still their catalogue entry: {r['entries']}")
    s = r["scenario"]
    check(s["accelerator"].get("preset") == "H100" and s["accelerator"].get("compute_units") == 132,
          f"an accelerator equal to its entry is its object with its preset: {s['accelerator']!r}")
    check(s["workload"].get("preset") == "GPT3" and s["workload"].get("layers") == 48
          and s["workload"].get("hidden_dim") == 12288, f"an edited workload keeps its preset: {s['workload']}")
    links = s["links"]
    check(links["nvlink"].get("preset") == "nvlink4" and links["nvlink"].get("bandwidth") == 450e9,
          f"an unedited link is its object with its preset: {links['nvlink']!r}")
    check(isinstance(links["edited"], dict) and links["edited"].get("preset") == "ib_ndr"
          and links["edited"].get("bandwidth") == 50e9, f"an edited link keeps its preset: {links['edited']}")
    check(isinstance(links["hgx"], dict) and links["hgx"].get("preset") == "hgx_h100_ndr"
          and links["hgx"].get("ranks_per_node") == 4
          and links["hgx"].get("intra_node", {}).get("preset") == "nvlink4",
          f"an edited two-tier link keeps its preset and its tiers': {links['hgx']}")
    check(links["rows"] == scenario["links"]["rows"], f"rows are written back as rows: {links['rows']}")
    derived = {d["field"]: d["from"] for d in r["derived"]}
    check(derived.get("collectives_per_layer") == [["pass"], ["recompute"]]
          and derived.get("launch_overhead") == [["link_model"], ["serving_engine"]],
          f"derived: {r['derived']}")
    # The result is --json's, and the scenario solves back to it.
    code, out, err = run("--json", "-", "--json", stdin=json.dumps(scenario))
    check(code == 0 and parse(out, "--json") == r["result"], "--check's result is --json's")
    code, out, err = run("--json", "-", "--json", stdin=json.dumps(s))
    check(code == 0 and parse(out, "--json of the checked scenario") == r["result"],
          "the checked scenario solves back to the same result")
    # Bad input: {errors} on stdout, exit 2; an unknown preset once, at its place.
    scenario["links"]["edited"]["preset"] = "ib_xyz"
    code, out, err = run("--json", "-", "--check", stdin=json.dumps(scenario))
    r = parse(out, "--check, bad input")
    check(code == 2 and r is not None and [e["field"] for e in r.get("errors", [])] == ["links.edited.preset"],
          f"--check, an unknown preset: exit {code}, {out[:300]!r}")
    code, out, err = run("--preset", "Gpt3TensorParallelLayerTp8", "--check", "--sweep", "tp_size=1,2")
    check(code == 2 and "usage" in err, f"--check with --sweep: exit {code}")


def test_short_names():
    """--list --json gives every workload, accelerator, link and two-tier link a short_name."""
    code, out, err = run("--list", "--json")
    r = parse(out, "--list --json")
    if not r:
        return
    for kind in ("workloads", "accelerators", "links", "two_tier_links"):
        for e in r.get(kind, []):
            name = e.get("short_name", "")
            check(isinstance(name, str) and 1 < len(name) <= 20, f"{kind} {e.get('key')}: short_name {name!r}")
    by_key = {e["key"]: e.get("short_name") for kind in ("workloads", "accelerators", "links")
              for e in r.get(kind, [])}
    check(by_key.get("nvlink4") == "NVLink 4" and by_key.get("ib_ndr") == "IB NDR"
          and by_key.get("H100") == "H100 SXM" and by_key.get("GPT3") == "GPT-3 175B",
          f"short names: {by_key.get('nvlink4')}, {by_key.get('ib_ndr')}, {by_key.get('H100')}, {by_key.get('GPT3')}")


def test_unknown_option():
    for args in (["--frobnicate"], ["--preset"], [], ["--format", "xml", "--preset", "Gpt3TensorParallelLayerTp8"],
                 ["--preset", "Gpt3TensorParallelLayerTp8", "extra"]):
        code, out, err = run(*args)
        check(code == 2, f"{args}: exit {code}")
        check("usage" in err, f"{args}: no usage on stderr: {err!r}")
    code, out, err = run("--help")
    check(code == 0 and "usage" in out, f"--help: exit {code}")
    # An option that sets one thing, given twice, is refused rather than silently undone.
    gpt3 = ("--preset", "Gpt3TensorParallelLayerTp8")
    for args, said in ((gpt3 + ("--preset", "Mixtral8x7BTp8"), "--preset given twice"),
                       (gpt3 + ("--sweep", "tokens=1,2", "--sweep", "tp_size=2"), "--sweep given twice"),
                       (gpt3 + ("--format", "json", "--format", "svg"), "--format given twice"),
                       (gpt3 + ("--measured", "m=x.txt", "--measured-ranks", "4", "--measured-ranks", "8"),
                        "--measured-ranks given twice for one --measured")):
        code, out, err = run(*args)
        check(code == 2 and err.startswith("tplayer: " + said) and "usage" in err, f"{args}: exit {code}, {err[:80]!r}")


def test_measured_name_taken():
    """--measured with a name the scenario's links (or an earlier --measured) use is named by that name."""
    table = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "calibration", "data",
                         "h100x8_ring.txt")
    for args, name in ((("--preset", "Gpt3TensorParallelLayerTp8", "--measured", "nvlink=" + table), "nvlink"),
                       (("--preset", "Gpt3TensorParallelLayerTp8", "--measured", "a=" + table,
                         "--measured", "a=" + table), "a")):
        code, out, err = run(*args)
        check(code == 2 and err == f'tplayer: links.{name}: expected a name no other link has, got "{name}", '
              "which the scenario's links already use\n", f"{args}: exit {code}, {err!r}")
    # In a list, a link given as a catalogue key (or {preset}) is named by it; --check answers in JSON.
    scenario = parse(run("--preset", "Gpt3TensorParallelLayerTp8", "--print-scenario")[1], "print")
    if scenario:
        scenario["links"] = ["nvlink4", {"preset": "ib_ndr"}]
        for name in ("nvlink4", "ib_ndr"):
            code, out, err = run("--json", "-", "--check", "--measured", f"{name}={table}",
                                 stdin=json.dumps(scenario))
            r = parse(out, f"--check with {name} taken")
            check(code == 2 and r and [e["field"] for e in r["errors"]] == [f"links.{name}"],
                  f"{name} taken, --check: exit {code}, {out[:200]!r}")


def test_measured_file_unreadable():
    """--measured names a file it cannot read (missing, or a folder) by its link's field."""
    with tempfile.TemporaryDirectory() as tmp:
        for path in (os.path.join(tmp, "missing.txt"), tmp):
            code, out, err = run("--preset", "Gpt3TensorParallelLayerTp8", "--measured", "mine=" + path)
            check(code == 2 and err == f'tplayer: links.mine.measured: cannot read the file "{path}"\n',
                  f"--measured {path}: exit {code}, {err!r}")



def test_bounded_reads():
    """Any input (a file, /dev/zero, a FIFO, stdin) is read to at most its limit + 1 byte, and
    one longer is refused with the limit, by its field (issue 43: /dev/zero grew to the memory
    limit, then aborted)."""
    limit = 1048576
    said = f"holds more than {limit} bytes; at most {limit} are read\n"
    code, out, err = run("--json", "/dev/zero")
    check(code == 2 and err == f'tplayer: json: the file "/dev/zero" {said}',
          f"--json /dev/zero: exit {code}, {err!r}")
    code, out, err = run("--preset", "Gpt3TensorParallelLayerTp8", "--measured", "m=/dev/zero")
    check(code == 2 and err == f'tplayer: links.m.measured: the file "/dev/zero" {said}',
          f"--measured m=/dev/zero: exit {code}, {err!r}")
    code, out, err = run("--json", "-", stdin=" " * (limit + 1))
    check(code == 2 and err == f"tplayer: json: the standard input {said}",
          f"--json - of {limit + 1} bytes: exit {code}, {err!r}")
    with tempfile.TemporaryDirectory() as tmp:
        fifo = os.path.join(tmp, "fifo")
        os.mkfifo(fifo)
        writer = subprocess.Popen(["sh", "-c", f"cat /dev/zero > {fifo}"], stderr=subprocess.DEVNULL)
        try:
            code, out, err = run("--json", fifo)
        finally:
            writer.kill()
            writer.wait()
        check(code == 2 and err == f'tplayer: json: the file "{fifo}" {said}',
              f"--json FIFO: exit {code}, {err!r}")
        # At the limit exactly, the core reads it (and says what is wrong with the JSON).
        exact = os.path.join(tmp, "exact.json")
        with open(exact, "w") as f:
            f.write(" " * limit)
        code, out, err = run("--json", exact)
        check(code == 2 and "more than" not in err and err.startswith("tplayer: json: "),
              f"--json of {limit} bytes: exit {code}, {err!r}")


def test_sweep_values_capped():
    """--sweep takes at most the core's max_sweep_values (1024) values, as every door does."""
    many = ",".join(str(i + 1) for i in range(1025))
    code, out, err = run("--preset", "Gpt3TensorParallelLayerTp8", "--sweep", "tokens=" + many)
    check(code == 2 and err == "tplayer: values: expected at most 1024 values to sweep, got 1025\n",
          f"--sweep of 1025 values: exit {code}, {err[:300]!r}")
    # 1024 values are taken: read from the table (the JSON of 1024 whole results is 5.5 MB, which
    # the sanitizer build writes in about 6 s on one core; the text door is the same sweep).
    code, out, err = run("--preset", "Gpt3TensorParallelLayerTp8", "--sweep", "tokens=" + many[:many.rindex(",")])
    nvlink = out.split("\n\n")[1].splitlines() if code == 0 and out.count("\n\n") >= 2 else []
    rows = [line.split()[0] for line in nvlink[2:]]
    check(code == 0 and rows == [str(i + 1) for i in range(1024)],
          f"--sweep of 1024: exit {code}, {len(rows)} rows")


def test_terminal_controls():
    """No control character reaches the terminal: unknown keys in error lines, names in the
    table's errors and file names are printed with C0 and C1 controls blanked (issue 43: ESC
    and OSC 52 clipboard writes were printed raw)."""
    doc = json.loads(scenario_text(spec_case()))
    doc["\x1b]52;c;aGk=\x07key"] = 1
    doc["\u009b31mred"] = 2
    code, out, err = run("--json", "-", stdin=json.dumps(doc))
    check(code == 2 and "]52;c;aGk= key" in err and " 31mred" in err,
          f"unknown keys: exit {code}, {err!r}")
    code, out, err = run("--json", "/tmp/no\x1b[2Jsuch\x07file")
    check(code == 2 and err == 'tplayer: json: cannot read the file "/tmp/no [2Jsuch file"\n',
          f"a file name with escapes: exit {code}, {err!r}")
    for stream in (out, err):
        check(not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f]", stream), f"controls in {stream!r}")
    # The table's names: a workload's name is a label now (the core refuses escapes in it).
    doc = json.loads(scenario_text(spec_case()))
    doc["workload"] = {"preset": "GPT3", "name": "GPT\x1b]0;owned\x07"}
    code, out, err = run("--json", "-", stdin=json.dumps(doc))
    check(code == 2 and err.startswith("tplayer: workload.name: expected a workload name of ")
          and "\x1b" not in err, f"a workload name with escapes: exit {code}, {err!r}")


def test_what_ifs():
    # Issue 40 (docs/model.md#any-model-any-rig): a scenario naming a preset with fields over it, --set PATH=VALUE on
    # --preset or --json, and "did you mean" for a mistyped preset or catalogue key.
    base = parse(run("--preset", "Gpt3TensorParallelLayerTp8", "--print-scenario")[1], "base")
    want = parse(run("--json", "-", "--print-scenario",
                     stdin=json.dumps(dict(base, tp_size=4)))[1], "tp4")
    code, out, err = run("--json", "-", "--print-scenario",
                         stdin=json.dumps({"preset": "Gpt3TensorParallelLayerTp8", "tp_size": 4}))
    check(code == 0 and parse(out, "preset+edit") == want, f"preset with tp_size: {code} {err!r}")
    code, out, err = run("--preset", "Gpt3TensorParallelLayerTp8", "--set", "tp_size=4",
                         "--set", "workload.layers=40", "--set", "accelerator=H200",
                         "--print-scenario")
    s = parse(out, "--set")
    check(code == 0 and s["tp_size"] == 4 and s["workload"]["layers"] == 40
          and s["workload"]["preset"] == "GPT3" and s["accelerator"]["preset"] == "H200",
          f"--set on a preset: exit {code}, {err!r}, {s}")
    code, out, err = run("--json", "-", "--set", "accelerator.memory_capacity=40 GB",
                         "--print-scenario",
                         stdin=json.dumps({"preset": "Gpt3TensorParallelLayerTp8"}))
    s = parse(out, "--set text")
    check(code == 0 and s["accelerator"]["preset"] == "H100"
          and s["accelerator"]["memory_capacity"] == 40e9, f"--set text value: {code} {err!r}")
    code, out, err = run("--preset", "Gpt3TensorParallelLayerTp8", "--set", "tp_size=-3")
    check(code == 2 and "tp_size" in err, f"--set a bad value: exit {code}, {err!r}")
    for bad in ("tp_size", "=4", ".a=1", "a..b=1", "a.=1"):
        code, out, err = run("--preset", "Gpt3TensorParallelLayerTp8", "--set", bad)
        check(code == 2 and "--set takes PATH=VALUE" in err, f"--set {bad!r}: {code} {err!r}")
    code, out, err = run("--set", "tp_size=4")
    check(code == 2 and "--set edits a scenario" in err, f"--set alone: {code} {err!r}")
    code, out, err = run("--preset", "Gpt3TensorParalelLayerTp8")
    check(code == 2 and 'did you mean "Gpt3TensorParallelLayerTp8"?' in err, f"mistyped: {err!r}")
    code, out, err = run("--json", "-", stdin=json.dumps({"preset": "Mixtral8x7bTp8"}))
    check(code == 2 and err.startswith("tplayer: preset: unknown scenario preset")
          and 'did you mean "Mixtral8x7BTp8"?' in err, f"mistyped in a file: {err!r}")
    code, out, err = run("--json", "-", stdin=json.dumps({"preset": 7}))
    check(code == 2 and "expected a scenario preset key, got 7" in err, f"preset 7: {err!r}")
    code, out, err = run("--preset", "Gpt3TensorParallelLayerTp8", "--set", "accelerator=H10")
    check(code == 2 and 'did you mean "H100", "H200" or "A100"?' in err, f"H10: {err!r}")
    # The KV capacity beside the memory fit; int4 weights and an fp8 cache leave room for more.
    code, out, err = run("--preset", "Llama3_70BDecodeTp8")
    check(code == 0 and "KV capacity            355 sequences at 4096 tokens" in out, out)
    code, out, err = run("--preset", "Llama3_70BDecodeTp8", "--set", "weight_precision=int4",
                         "--set", "kv_precision=fp8", "--json")
    r = parse(out, "int4")
    check(code == 0 and r["weight_bytes_per_element"] == 0.515625 and r["max_sequences"] > 355,
          f"int4 + fp8: {code} {err!r}")
    code, out, err = run("--preset", "Gpt3TensorParallelLayerTp8", "--set", "links.nvlink=nvlnk4")
    check(code == 2 and 'did you mean "nvlink4"' in err, f"nvlnk4: {err!r}")


def test_runnable():
    # docs/model.md#runnable: a setup that cannot run is marked on its link and in the footer,
    # each link's answer in the scenario's own link names.
    code, out, err = run("--preset", "Gpt3TensorParallelLayerTp8", "--set", "tp_size=2")
    check(code == 0 and out.count("  CANNOT RUN  the weights per rank (175 GB) do not fit") == 2,
          f"TP 2: {out}")
    check("on nvlink: cannot run: the weights per rank (175 GB)" in out
          and "on infiniband_ndr: cannot run:" in out and "-bound, " not in out, out)
    code, out, err = run("--preset", "Gpt3TensorParallelLayerTp8", "--set", "tp_size=16", "--json")
    links = {l["name"]: l for l in parse(out, "TP 16")["links"]}
    check(links["nvlink"]["runnable"] is False and links["infiniband_ndr"]["runnable"] is True
          and links["nvlink"]["not_runnable_because"]
          == "TP 16 is more than the 8 GPUs the link joins directly"
          and links["infiniband_ndr"]["not_runnable_because"] == "", f"TP 16: {links}")
    code, out, err = run("--preset", "Gpt3TensorParallelLayerTp8")
    check("on nvlink: compute-bound, 6.59x serial speedup (82.3% efficient)" in out
          and "CANNOT RUN" not in out, out)
    # A sweep tables the points that cannot run as such, and says why at the first.
    code, out, err = run("--preset", "Gpt3TensorParallelLayerTp8", "--sweep", "tp_size=4,8,16")
    nvlink = out.split("\nnvlink ")[1].split("\ninfiniband_ndr ")[0]
    rows = [line.split()[-1] if not line.endswith("†") else line.split()[-2]
            for line in nvlink.splitlines() if line.strip()[:2] in ("4 ", "8 ", "16")]
    check(code == 0 and rows == ["RUN", "compute", "RUN"], f"sweep rows: {rows} {nvlink}")
    check("CANNOT RUN: that setup cannot run on this link, priced all the same (first, tp_size 4: "
          "the weights per rank (87.5 GB)" in " ".join(out.split()), out)


def test_hf_config():
    # Issue 40 (docs/model.md#any-model-any-rig): --hf-config FILE reads a config.json to the same
    # workload as the shared case that carries it inline, and --set wins over it.
    import tempfile
    doc = case(os.path.join(CASES, "hf_config_qwen3_moe_decode.json"))
    scenario = doc["scenario"]
    config = scenario["workload"]["hf_config"]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "config.json")
        with open(path, "w") as f:
            json.dump(config, f)
        inline = parse(run("--json", "-", "--check", stdin=json.dumps(scenario))[1], "inline")
        code, out, err = run("--json", "-", "--hf-config", path, "--check",
                             stdin=json.dumps(dict(scenario, workload="GPT3")))
        check(code == 0 and parse(out, "--hf-config") == inline, f"--hf-config: {code} {err!r}")
        keys = inline["scenario"]["workload"]["hf_config_keys"]
        check("moe_intermediate_size" in keys and "head_dim" in keys, f"keys read: {keys!r}")
        code, out, err = run("--preset", "Llama3_70BDecodeTp8", "--hf-config", path,
                             "--set", "workload.layers=24", "--print-scenario")
        s = parse(out, "--hf-config --set")
        check(code == 0 and s["workload"]["layers"] == 24 and s["workload"]["heads"] == 32,
              f"--set over --hf-config: {code} {err!r}")
        with open(path, "w") as f:
            f.write('{"hidden_size": 4096,')
        code, out, err = run("--preset", "Llama3_70BDecodeTp8", "--hf-config", path)
        check(code == 2 and err.startswith("tplayer: workload.hf_config:"), f"bad JSON: {err!r}")
        with open(path, "w") as f:
            json.dump(dict(config, num_key_value_heads=-4), f)
        code, out, err = run("--preset", "Llama3_70BDecodeTp8", "--hf-config", path)
        check(code == 2 and "workload.hf_config.num_key_value_heads" in err, f"-4: {err!r}")
    # A decode sweep marks the points whose KV cache no longer fits beside the weights.
    code, out, err = run("--preset", "Llama3_70BDecodeTp8", "--sweep", "tokens=256,512")
    check(code == 0 and "KV capacity: 355 sequences fit per rank" in out
          and "CANNOT RUN ‡" in out and " 256 " in out.split("KV capacity")[0], f"KV sweep: {out}")
    code, out, err = run("--hf-config", "config.json")
    check(code == 2 and "--hf-config sets a scenario's workload" in err, f"alone: {err!r}")
    code, out, err = run("--preset", "Llama3_70BDecodeTp8", "--hf-config", "/nonexistent.json")
    check(code == 2 and "cannot read" in err, f"missing file: {err!r}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--list"]:  # CTest discovers the tests by this listing
        print(";".join(n[len("test_"):] for n in globals() if n.startswith("test_")))
        sys.exit(0)
    name = sys.argv[3]
    test = globals().get("test_" + name)
    if test is None:
        sys.exit(f"no test {name!r}")
    test()
    for f in failures:
        print("FAIL:", f)
    print(f"{name}: {'ok' if not failures else str(len(failures)) + ' failure(s)'}")
    sys.exit(1 if failures else 0)
