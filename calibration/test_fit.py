#!/usr/bin/env python3
"""Tests of calibration/fit.py (stdlib unittest): python3 -m unittest calibration/test_fit.py"""

import json
import math
import subprocess
import sys
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import fit  # noqa: E402

US = 1e-6

NCCL_TESTS_TEXT = """\
# nThread 1 nGpus 1 minBytes 8 maxBytes 64 step: 2(factor) warmup iters: 5 iters: 20
#  Rank  0 Group  0 Pid  1 on host device  0 [0x07] NVIDIA H100
#  Rank  1 Group  0 Pid  2 on host device  1 [0x0a] NVIDIA H100
#
#       size         count      type   redop    root     time   algbw   busbw #wrong
           8             2     float     sum      -1    20.00    0.00    0.00      0
          16             4     float     sum      -1    21.00    0.00    0.00      0
          16             4     float     sum      -1    99.00    0.00    0.00      0
           8             2     float     sum      -1    99.00    0.00    0.00      0
          32             8     float     sum    22.00    0.00    0.00
       1.5             8     float     sum      -1    22.00    0.00    0.00      0
          64            16     float     sum      -1    N/A    0.00    0.00      0
          64            16     float     sum      -1    24.00    0.00    0.00      0
# Avg bus bandwidth    : 0.00
"""


class ParserTest(unittest.TestCase):
    def test_nccl_tests_rows(self):
        t = fit.parse_table(NCCL_TESTS_TEXT)
        # kept: 8, 16 (the repeated 16 and the smaller 8 are skipped), 64 (the N/A row is not a
        # data row, the 7-field 32 row and the "1.5" row neither)
        self.assertEqual(t["rows"], [(8, 20.0), (16, 21.0), (64, 24.0)])
        self.assertEqual(t["ranks"], 2)  # two "#  Rank" lines
        # 14 lines: 3 kept, 6 '#' lines, 5 other lines skipped
        self.assertEqual(t["skipped"], 14 - 3)

    def test_ranks_from_busbw_over_algbw(self):
        # busbw / algbw = 1.75 = 2(r-1)/r  ->  r = 2 / (2 - 1.75) = 8
        text = ("     1048576   262144 float sum -1  40.00  26.21  45.87  0\n"
                "     2097152   524288 float sum -1  60.00  34.95  61.16  0\n")
        t = fit.parse_table(text)
        self.assertEqual(t["ranks"], 8)
        self.assertAlmostEqual(t["busbw_over_algbw"], 61.16 / 34.95)

    def test_header_ranks_and_nodes(self):
        text = ("# ranks: 16 on 2 node(s)\n"
                "  4096 1024 float sum -1 30.0 0.14 0.25 0\n"
                "  8192 2048 float sum -1 31.0 0.26 0.48 0\n")
        t = fit.parse_table(text)
        self.assertEqual((t["ranks"], t["nodes"]), (16, 2))

    def test_bad_time_names_its_line(self):
        text = ("  4096 1024 float sum -1 30.0 0.14 0.25 0\n"
                "  8192 2048 float sum -1 0 0.26 0.48 0\n")
        with self.assertRaisesRegex(fit.ParseError, "line 2"):
            fit.parse_table(text)

    def test_needs_two_rows_and_ranks(self):
        with self.assertRaises(fit.ParseError):
            fit.parse_table("  4096 1024 float sum -1 30.0 0.14 0.25 0\n")
        with self.assertRaisesRegex(fit.ParseError, "ranks"):  # no header, algbw 0
            fit.parse_table("  8 2 float sum -1 30.0 0.00 0.00 0\n"
                            "  16 4 float sum -1 31.0 0.00 0.00 0\n")

    def test_two_columns(self):
        text = ("# ranks: 4 on 1 node(s)\n"
                "# note: format: two columns, message bytes and all-reduce time in us\n"
                "8 12.52\n16 13.92\n16 99\n32 12.39\n")
        t = fit.parse_table(text)
        self.assertEqual(t["rows"], [(8, 12.52), (16, 13.92), (32, 12.39)])
        self.assertEqual(t["ranks"], 4)

    def test_old_columns_without_root(self):
        # nccl-tests before 2019: size, count, type, redop, time, algbw, busbw, error, ...
        rows = ("           8      2   float     sum    48.46    0.00    0.00  1e-07\n"
                "   134217728 33554432 float     sum   1818.8   73.80  129.14  2e-07\n")
        header = "#  size  count  type  redop  time  algbw  busbw  error\n"
        for text in (header + rows, rows):
            t = fit.parse_table(text)
            self.assertEqual(t["rows"], [(8, 48.46), (134217728, 1818.8)])
            self.assertEqual(t["ranks"], 8)  # 129.14 / 73.80 = 1.75
        # a header with root decides even where the time is a whole number
        t = fit.parse_table("#  size count type redop root time algbw busbw #wrong\n"
                            "  33554432 8388608 float sum -1 11398 2.94 4.42 0\n"
                            "  67108864 16777216 float sum -1 18726 3.58 5.38 0\n")
        self.assertEqual(t["rows"][0], (33554432, 11398.0))

    def test_lines_without_hash_are_skipped(self):
        t = fit.parse_table((fit.DATA_DIR / "mi300x_8.txt").read_text())
        self.assertEqual(t["ranks"], 8)
        self.assertEqual(t["rows"][0], (8, 19.28))

    def test_every_table_parses_consistently(self):
        for spec in fit.TABLES:
            t = fit.parse_table((fit.DATA_DIR / spec.file).read_text())
            sizes = [m for m, _ in t["rows"]]
            self.assertEqual(sizes, sorted(set(sizes)), spec.file)
            self.assertIn("source", t["header"], spec.file)
            ratio = t["busbw_over_algbw"]
            if ratio is not None:  # the header's ranks agree with busbw/algbw (docs/model.md#measured-links)
                self.assertEqual(round(2 / (2 - ratio)), t["ranks"], spec.file)


class ModelTest(unittest.TestCase):
    def test_ring_branch(self):
        # n = 4, M = 1e6 B, B = 100 GB/s, base 5 us, step 1 us, eff 0.5:
        # 5 us + 2*3*1 us + (2*3/4) * 1e6 / (0.5 * 100e9) s = 5 + 6 + 30 = 41 us
        t = fit.branch_time("ring", 4, 1e6, 100e9, 5 * US, 1 * US, 0.5)
        self.assertAlmostEqual(t / US, 41.0, places=9)

    def test_nvls_branch(self):
        # 20 us + 1e6 / (0.5 * 100e9) s = 20 + 20 = 40 us
        t = fit.branch_time("nvls", 4, 1e6, 100e9, 20 * US, 0.0, 0.5)
        self.assertAlmostEqual(t / US, 40.0, places=9)

    def test_tree_branch(self):
        # n = 8, M = 1e6 B, B = 100 GB/s, base 5 us, step 1 us, eff 0.5:
        # 5 us + 2*ceil(log2 8)*1 us + 2 * 1e6 / (0.5 * 100e9) s = 5 + 6 + 40 = 51 us
        t = fit.branch_time("tree", 8, 1e6, 100e9, 5 * US, 1 * US, 0.5)
        self.assertAlmostEqual(t / US, 51.0, places=9)
        # n = 5 nodes: ceil(log2 5) = 3, the same 6 steps
        t = fit.branch_time("tree", 5, 1e6, 100e9, 5 * US, 1 * US, 0.5)
        self.assertAlmostEqual(t / US, 51.0, places=9)
        # n = 2: the ring's form (2 steps, 2(n-1)/n = 1 of M) at half the efficiency
        self.assertAlmostEqual(fit.branch_time("tree", 2, 1e6, 100e9, 5 * US, 1 * US, 0.5),
                               fit.branch_time("ring", 2, 1e6, 100e9, 5 * US, 1 * US, 0.25),
                               places=15)

    def test_one_shot_branch(self):
        # tests/cases/nccl_one_shot_fully_connected.json: n = 4, B_n = 192 GB/s, M = 24576 B,
        # base 4 us, eff 0.75: 4 us + 3 * 24576 / (0.75 * 192e9) s = 4.512 us, beating the LL
        # ring's 5.184 us; + 5 us launch.  Only on a fully connected link within its domain.
        protocols = [{"name": "ll", "pattern": "ring", "base_latency_s": 0.0,
                      "step_latency_s": 0.8 * US, "efficiency": 0.5},
                     {"name": "one_shot", "pattern": "one_shot", "base_latency_s": 4 * US,
                      "step_latency_s": 0.0, "efficiency": 0.75}]
        self.assertAlmostEqual(fit.branch_time("one_shot", 4, 24576, 192e9, 4 * US, 0.0, 0.75)
                               / US, 4.512, places=9)
        t, who = fit.nccl_time(protocols, 4, 24576, 192e9, 5 * US, fully_connected=True)
        self.assertAlmostEqual(t / US, 9.512, places=9)
        self.assertEqual(who, "one_shot")
        _, who = fit.nccl_time(protocols, 4, 24576, 192e9, 5 * US)  # switched
        self.assertEqual(who, "ll")
        _, who = fit.nccl_time(protocols, 4, 24576, 192e9, 5 * US, nvls=False,
                               fully_connected=True)  # beyond the domain
        self.assertEqual(who, "ll")
        # the fitting path agrees on the MI300X table, and the one-shot wins its small sizes
        table = next(t for t in fit.load_tables() if t.name == "mi300x_8.txt")
        self.assertIn("one_pass", table.branches)
        eff = {"ll": 0.5, "simple": 0.7, "one_pass": 0.75}
        base = {"ll": 0.0, "simple": 1.0, "one_pass": 4.0}
        protocols = fit.protocols_json(fit.LINKS["infinity_fabric"], eff, base)
        for (m, _), (t_us, w) in zip(table.rows, table.model_us(eff, base, 5.0)):
            t, who = fit.nccl_time(protocols, 8, m, 448e9, 5 * US, fully_connected=True)
            self.assertAlmostEqual(t / US, t_us, places=6)
            self.assertEqual(who, w)
        self.assertEqual(table.model_us(eff, base, 5.0)[0][1], "one_pass")

    def test_min_over_branches_plus_launch(self):
        protocols = [
            {"name": "ll", "pattern": "ring", "base_latency_s": 5 * US,
             "step_latency_s": 1 * US, "efficiency": 0.5},
            {"name": "nvls", "pattern": "nvls", "base_latency_s": 20 * US,
             "step_latency_s": 0.0, "efficiency": 0.5},
        ]
        # 10 us launch + min(41, 40) us = 50 us, nvls
        t, who = fit.nccl_time(protocols, 4, 1e6, 100e9, 10 * US)
        self.assertAlmostEqual(t / US, 50.0, places=9)
        self.assertEqual(who, "nvls")
        # without NVLS (beyond the domain, or across nodes): 10 + 41 = 51 us, ll
        t, who = fit.nccl_time(protocols, 4, 1e6, 100e9, 10 * US, nvls=False)
        self.assertAlmostEqual(t / US, 51.0, places=9)
        self.assertEqual(who, "ll")
        self.assertEqual(fit.nccl_time(protocols, 1, 1e6, 100e9, 10 * US), (0.0, None))

    def test_two_tier(self):
        protocols = [{"name": "ll", "pattern": "ring", "base_latency_s": 15 * US,
                      "step_latency_s": 2.7 * US, "efficiency": 0.5}]
        # n = 16, g = 8: N = 2 nodes at g * 50 GB/s = 400 GB/s, M = 2e8 B:
        # 15 + 2*1*2.7 = 20.4 us, + (2*1/2) * 2e8 / (0.5 * 400e9) s = 1000 us, + 10 us launch
        t, _ = fit.nccl_two_tier_time(protocols, 16, 8, 2e8, 50e9, 10 * US)
        self.assertAlmostEqual(t / US, 1030.4, places=6)

    def test_nvls_tree_across_nodes_only(self):
        # tests/cases/two_tier_nvls_tree_four_nodes.json: N = 4 nodes of 8 at 400 GB/s, M =
        # 100663296 B; ring 184 + 629.1456 us, nvls_tree 146 + 629.1456 us, + 10 us launch.
        protocols = [{"name": "simple", "pattern": "ring", "base_latency_s": 100 * US,
                      "step_latency_s": 14 * US, "efficiency": 0.6},
                     {"name": "nvls_tree", "pattern": "nvls_tree", "base_latency_s": 90 * US,
                      "step_latency_s": 14 * US, "efficiency": 0.8}]
        t, who = fit.nccl_two_tier_time(protocols, 32, 8, 100663296, 50e9, 10 * US,
                                        nvls_nodes=True)
        self.assertAlmostEqual(t / US, 785.1456, places=6)
        self.assertEqual(who, "nvls_tree")
        t, who = fit.nccl_two_tier_time(protocols, 32, 8, 100663296, 50e9, 10 * US)
        self.assertAlmostEqual(t / US, 823.1456, places=6)
        self.assertEqual(who, "simple")
        # never on a flat link
        _, who = fit.nccl_time(protocols, 8, 100663296, 50e9, 10 * US)
        self.assertEqual(who, "simple")

    def test_line_rate(self):
        # n = 8, M = 8e6 B, 400 GB/s, 0.5 us: 2*7/8 * 8e6 / 400e9 s = 35 us, + 2*7*0.5 = 7 us
        self.assertAlmostEqual(fit.line_rate_time(8, 8e6, 400e9, 0.5 * US) / US, 42.0, places=9)
        self.assertEqual(fit.line_rate_time(1, 8e6, 400e9, 0.5 * US), 0.0)

    def test_line_rate_two_tier(self):
        # n = 16, g = 8, M = 8e6 B, intra 450 GB/s 0.5 us, inter 50 GB/s 5 us:
        # t_rs = 7/8 * 8e6 / 450e9 s + 7 * 0.5 us = 15.5556 + 3.5 = 19.0556 us
        # t_x = (2*1/2) * (8e6/8) / 50e9 s + 2*1*5 us = 20 + 10 = 30 us
        # t = 2 * 19.0556 + 30 = 68.1111 us
        t = fit.line_rate_two_tier_time(16, 8, 8e6, 450e9, 0.5 * US, 50e9, 5 * US)
        self.assertAlmostEqual(t / US, 68.0 + 1 / 9, places=6)

    def test_table_model_matches_formula(self):
        # The fitting path (Table.model_us) and the public formula agree on a real table.
        table = next(t for t in fit.load_tables() if t.name == "a100x4_llmcompass.txt")
        link = fit.LINKS["nvlink3"]
        eff = {"ll": 0.2, "ll128": 0.6, "simple": 0.7}
        base = dict(fit.NCCL_BASE_US)
        protocols = fit.protocols_json(link, eff, base)
        for (m, _), (t_us, who) in zip(table.rows, table.model_us(eff, base, 5.0)):
            t, w = fit.nccl_time(protocols, 4, m, 300e9, 5 * US)
            self.assertAlmostEqual(t / US, t_us, places=6)
            self.assertEqual(w, who)

    def test_helpers(self):
        self.assertEqual(fit.round_sig(0.123456), 0.1235)
        self.assertEqual(fit.round_sig(1.23456e-5), 1.235e-5)
        med, mx = fit.errors([1.1, 0.8, 1.0], [1, 1, 1])  # |errors| 0.1, 0.2, 0
        self.assertAlmostEqual(med, 0.1)
        self.assertAlmostEqual(mx, 0.2)
        med, mx = fit.errors([1.1, 0.8, 1.0, 1.0], [1, 1, 1, 1])  # 0, 0, 0.1, 0.2
        self.assertAlmostEqual(med, 0.05)
        self.assertAlmostEqual(mx, 0.2)
        self.assertAlmostEqual(fit.halton(1, 2), 0.5)
        self.assertAlmostEqual(fit.halton(5, 3), 7 / 9)  # 5 = 12 in base 3 -> 0.21 = 7/9


class FittedJsonTest(unittest.TestCase):
    def test_check_passes(self):
        run = subprocess.run([sys.executable, str(HERE / "fit.py"), "--check"],
                             capture_output=True, text=True, timeout=300)
        self.assertEqual(run.returncode, 0, run.stderr)

    def test_constants_are_in_range(self):
        data = json.loads((HERE / "fitted.json").read_text())
        steps = {s for row in fit.STEP_US.values() for s in row.values()}
        for key, link in data["links"].items():
            self.assertGreater(link["bandwidth_bytes_per_s"], 0, key)
            self.assertTrue(link["source"], key)
            self.assertLessEqual(len(link["protocols"]), 8, key)
            for p in link["protocols"]:
                self.assertIn(p["pattern"], ("ring", "nvls", "nvls_tree", "one_shot"), key)
                self.assertTrue(0 < p["efficiency"] <= 1, key)
                self.assertGreaterEqual(p["base_latency_s"], 0, key)
                if p["pattern"] in ("ring", "nvls_tree"):
                    self.assertIn(round(p["step_latency_s"] / US, 6), steps, key)
        for v in data["validation"]:  # every table has both figures and its targets
            self.assertIn("left_out", v, v["table"])
            self.assertIn(v["nccl"]["target_median"], (0.12, 0.20), v["table"])
        for v in data["validation"]:
            self.assertGreaterEqual(v["launch_overhead_s"], 0, v["table"])
            self.assertTrue(math.isfinite(v["nccl"]["median"]), v["table"])


if __name__ == "__main__":
    unittest.main()
