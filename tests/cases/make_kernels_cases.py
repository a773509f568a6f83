# Computes the expected numbers of the kernels-model case (docs/model.md#the-kernels-model) from the formulas of docs/model.md,
# independently of the core, with the kernel classes' fitted constants read from the file the core
# includes (core/src/kernel_calibration.inc). Re-run: python3 tests/cases/make_kernels_cases.py
import json, math, os, re
HERE = os.path.dirname(os.path.abspath(__file__))
INC = os.path.join(HERE, '..', '..', 'core', 'src', 'kernel_calibration.inc')
CLS = {m[0]: (float(m[1]), float(m[2])) for m in
       re.findall(r'\{"(\w+)", ([0-9.e+-]+), ([0-9.e+-]+)\}', open(INC).read())}
def fmt(x): return float('%.12g' % x)

# A small dense decoder: h 2048, 16 heads, 4 KV heads, ffn 5632 (gated), vocab 32000, 4 layers,
# TP 2, decode of 8 sequences at 512 cached keys, on a chip of 10 SMs (so the tiles' waves show).
h, H, KV, f, V, L = 2048, 16, 4, 5632, 32000, 4
n, T, C = 2, 8, 512
peak, eta, bw, me, units = 100e12, 0.7, 1e12, 0.8, 10
b = 2
ko, so, launch = 1e-6, 200e-6, 0.0  # the engine: 1 us per kernel, 200 us per step (line rate: no launch)
d = h // H
def shares(ranks):
    q = math.ceil(H / ranks) * d
    kv = (math.ceil(KV / ranks) if ranks <= KV else 1) * d
    return q, kv, math.ceil(f / ranks), math.ceil(V / ranks)
def kernel(cls, flops, nbytes, wave=1.0):
    fixed, eff = CLS[cls]
    eff = eff if eff > 0 else me
    return max(flops / (peak * eta * wave), nbytes / (bw * eff)) + fixed + ko
def gemm(m, k, cols):
    tiles = math.ceil(m / 128) * math.ceil(cols / 128)
    wave = tiles / (math.ceil(tiles / units) * units)
    return kernel('gemm', 2 * m * k * cols, b * (k * cols + m * k + m * cols), wave)
def layer(ranks):
    q, kv, fr, _ = shares(ranks)
    up = 2 * fr
    return [kernel('norm', 4 * T * h, b * (2 * T * h + h)), gemm(T, h, q + 2 * kv),
            kernel('rope', 6 * T * (q + kv), 2 * b * T * (q + kv)),
            kernel('gemm', 4 * T * C * q, b * T * (C * 2 * kv + 2 * q)), gemm(T, q, h),
            kernel('add', T * h, 3 * b * T * h), kernel('norm', 4 * T * h, b * (2 * T * h + h)),
            gemm(T, h, up), kernel('act', 5 * T * fr, b * T * (up + fr)), gemm(T, fr, h),
            kernel('add', T * h, 3 * b * T * h)]
def head(ranks):
    _, _, _, vr = shares(ranks)
    return [kernel('embedding', 0, 2 * b * T * h), kernel('norm', 4 * T * h, b * (2 * T * h + h)),
            gemm(T, h, vr), kernel('norm', 4 * T * V, b * T * V)]
tcomp, tsingle, thead = sum(layer(n)), sum(layer(1)), sum(head(n))
B, alpha = 100e9, 1e-6
M = T * h * b
def ring(M, phases):  # line rate: phases of n-1 steps, each (n-1)/n of M
    return phases * (n - 1) / n * M / B + phases * (n - 1) * alpha
tar = ring(M, 2); comm = 2 * tar
head_comm = ring(M, 2) + ring(T * V * b, 1)  # the embedding's all-reduce, the logits' all-gather
serial = tcomp + comm
step = L * serial + thead + head_comm + so
share = min(1.0, tsingle / (n * tcomp))
scenario = {
    "workload": {"name": "small decoder", "parameters": 1.1e9, "layers": L, "hidden_dim": h,
                 "heads": H, "kv_heads": KV, "ffn_hidden": f, "gated_mlp": True, "vocab": V},
    "tp_size": n, "tokens": T,
    "accelerator": {"name": "ten-SM chip", "peak_flops": {"bf16": peak}, "memory_capacity": "16 GB",
                    "memory_bandwidth": bw, "compute_units": units},
    "precision": "bf16", "local_efficiency": eta, "links": {"link": {"bandwidth": B, "latency": alpha}},
    "pass": "decode", "attention_context": C, "compute_model": "kernels",
    "serving_engine": {"name": "test engine", "kernel_overhead": "1 us", "step_overhead": "200 us",
                       "allreduce": "nccl"},
}
about = ("docs/model.md#the-kernels-model, kernels model, by hand: per rank q = 8 heads x 128, kv = 2 x 128, ffn 2816 (gated: up "
         "5632 columns), vocab 16000; each kernel max(FLOPs / (100e12 x 0.7 x wave), bytes / (1e12 x eff)) + its "
         "class's fixed cost (core/src/kernel_calibration.inc: %s) + 1 us (the engine); GEMM waves: tiles of "
         "128 x 128 over 10 units. t_comp = %.9e s (11 kernels), one chip %.9e s; head %.9e s. Line rate: "
         "t_ar = 2 x 1/2 x 32768 / 100e9 + 2 x 1 us = %.9e s; the embedding's all-reduce plus the logits' "
         "all-gather (8 x 32000 x 2 B: 1/2 of it over 100 GB/s + 1 us) = %.9e s; step = 4 x (t_comp + 2 t_ar) "
         "+ head + its exchanges + 200 us = %.9e s." % (
             ", ".join("%s %g us / %s" % (k, v[0] * 1e6, v[1] or "scenario's") for k, v in CLS.items()),
             tcomp, tsingle, thead, tar, head_comm, step))
expect = dict(compute_model="kernels", compute_time_s=fmt(tcomp), single_device_time_s=fmt(tsingle),
              head_time_s=fmt(thead), kernels_per_layer=11, kernel_overhead_s=1e-6,
              step_overhead_s=2e-4, serving_engine="test engine", binding_link="link",
              links=[dict(name="link", allreduce_time_s=fmt(tar), communication_time_s=fmt(comm),
                          serial_layer_time_s=fmt(serial), head_communication_time_s=fmt(head_comm),
                          step_time_s=fmt(step), tokens_per_s=fmt(T / step),
                          time_per_output_token_s=fmt(step), time_to_first_token_s=0,
                          serial_efficiency=fmt(tcomp / serial * share))],
              warnings=[])
json.dump(dict(name="Kernels model, decode: a small decoder at TP 2 on a 10-SM chip, under an engine",
               about=about, scenario=scenario, tolerance=1e-9, expect=expect),
          open(os.path.join(HERE, 'kernels_decode_small_decoder.json'), 'w'), indent=2)
open(os.path.join(HERE, 'kernels_decode_small_decoder.json'), 'a').write('\n')
