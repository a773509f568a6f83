# Computes the expected numbers of the roofline (docs/model.md#the-roofline) and serving-engine all-reduce (3.8) case
# files from the formulas of docs/model.md, independently of the core; re-run: python3 tests/cases/make_roofline_cases.py
import json, math
import os
OUT=os.path.dirname(os.path.abspath(__file__))+'/'
def ring_line(n,M,B,a): return 2*(n-1)/n*M/B, 2*(n-1)*a
def fmt(x): return float('%.12g'%x)
def link_fields(name,B,a,bw,lat,c,tcomp,tsingle,n,kind='link',protocol='ring',line=None,domain=0,within=True,wire=None):
    tar=bw+lat; comm=c*tar; serial=tcomp+comm; ov=max(tcomp,comm)
    share=min(1.0,tsingle/(n*tcomp))
    se=tcomp/serial*share; oe=tcomp/ov*share
    d=dict(name=name,bandwidth_bytes_per_s=B,latency_s=a,allreduce_time_s=fmt(tar),bandwidth_time_s=fmt(bw),latency_time_s=fmt(lat),
      communication_time_s=fmt(comm),wire_bytes_per_rank=fmt(wire),comm_to_compute=fmt(comm/tcomp),bound='communication' if comm>tcomp else 'compute',
      regime='latency' if lat>bw else 'bandwidth',serial_layer_time_s=fmt(serial),overlapped_layer_time_s=fmt(ov),serial_speedup=fmt(se*n),serial_efficiency=fmt(se),
      overlapped_speedup=fmt(oe*n),overlapped_efficiency=fmt(oe),kind=kind,protocol=protocol,line_rate_allreduce_time_s=fmt(line if line is not None else tar),domain=domain,within_domain=within)
    return d
def write(fname,title,about,scenario,expect,tol=1e-9):
    if 'binding_link' not in expect and len(scenario['links']) == 1:
        expect['binding_link'] = next(iter(scenario['links']))
    json.dump(dict(name=title,about=about,scenario=scenario,tolerance=tol,expect=expect),open(OUT+fname,'w'),indent=2); open(OUT+fname,'a').write('\n')

# --- 1. Llama 2 70B decode, batch 1, 4096 cached tokens, TP 8 on A100, roofline, line rate nvlink3
P=70e9;L=80;h=8192;H=64;kv=8;b=2;n=8;T=1;C=4096;peak=312e12;eta=0.5;mbw=2.039e12;me=0.8
F=140e9/L*T+4*h*T*C
tflop=F/n/(peak*eta); tflop1=F/(peak*eta)
W=P/L*b/n; kvh=kv/n if n<=kv else 1; KV=T*C*2*kvh*(h/H)*b
W1=P/L*b; KV1=T*C*2*kv*(h/H)*b
tmem=(W+KV)/(mbw*me); tmem1=(W1+KV1)/(mbw*me)
tcomp=max(tflop,tmem); tsingle=max(tflop1,tmem1)
M=T*h*b; bw,lat=ring_line(n,M,300e9,0.5e-6)
about=(f"docs/model.md#the-roofline roofline, decode: F = 140e9/80*1 + 4*8192*1*4096 = {F:.6e}; t_flop = F/8/(312e12*0.5) = {tflop:.6e} s. "
 f"W_rank = 70e9/80*2/8 = {W:.6e} B; kv heads per rank = 8/8 = 1; KV_rank = 1*4096*2*1*(8192/64)*2 = {KV:.0f} B; "
 f"t_mem = {W+KV:.6e}/(2.039e12*0.8) = {tmem:.6e} s -> memory-bound, t_comp = t_mem. One A100: W = {W1:.6e}, KV = {KV1:.0f}, "
 f"t_single = {tsingle:.6e} s. KV cache per rank = 80*KV_rank = {L*KV:.0f} B; fit: 17.5e9 + {L*KV:.0f} <= 80 GiB. "
 f"nvlink3 at line rate: M = 16384 B, t_ar = 2*7/8*16384/300e9 + 14*0.5e-6 = {bw+lat:.6e} s. Speedups: t_single/serial, efficiency = speedup/8.")
sc=dict(workload="Llama2_70B",tp_size=8,tokens=1,accelerator="A100",precision="bf16",local_efficiency=0.5,links={"nvlink":"nvlink3"},**{"pass":"decode"},attention_context=4096,compute_model="roofline")
exp=dict(flops_per_layer=fmt(F),flops_per_rank=fmt(F/n),flop_time_s=fmt(tflop),memory_time_s=fmt(tmem),memory_bytes_per_rank=fmt(W+KV),compute_bound="memory",
  compute_time_s=fmt(tcomp),single_device_time_s=fmt(tsingle),single_device_flop_time_s=fmt(tflop1),single_device_memory_time_s=fmt(tmem1),
  kv_cache_per_rank_bytes=fmt(L*KV),weights_per_rank_bytes=fmt(P*b/n),fits_in_memory=True,memory_efficiency=0.8,compute_model="roofline",**{"pass":"decode"},
  message_bytes=M,exchange_precision="bf16_dense",exchange_bytes_per_element=2,binding_link="nvlink",bound="compute",
  links=[link_fields("nvlink",300e9,0.5e-6,bw,lat,2,tcomp,tsingle,n,domain=8,wire=2*2*(n-1)/n*M)],warnings=[])
write("roofline_decode_llama2_70b_a100_tp8.json","Roofline, decode at batch 1: Llama 2 70B, TP 8 on A100, memory-bound",about,sc,exp)

# --- 2. TP 16 > kv_heads 8: KV heads replicated, weights + KV do not fit; roofline, batch 64, decode, one rank per kv head past 8
n=16;T=256;C=8192
F=140e9/L*T+4*h*T*C
tflop=F/n/(peak*eta); tflop1=F/(peak*eta)
W=P/L*b/n; kvh=1; KV=T*C*2*kvh*(h/H)*b
W1=P/L*b; KV1=T*C*2*kv*(h/H)*b
tmem=(W+KV)/(mbw*me); tmem1=(W1+KV1)/(mbw*me)
tcomp=max(tflop,tmem); tsingle=max(tflop1,tmem1)
M=T*h*b; bw,lat=ring_line(n,M,300e9,0.5e-6)
kvtot=L*KV
about=(f"docs/model.md#the-roofline: n = 16 > kv_heads = 8, so each rank holds 1 KV head (replicated): KV_rank = 256*8192*2*1*128*2 = {KV:.0f} B, "
 f"W_rank = 70e9/80*2/16 = {W:.6e}; t_mem = {W+KV:.6e}/(2.039e12*0.8) = {tmem:.6e}; F = 140e9/80*256 + 4*8192*256*8192 = {F:.6e}, t_flop = {tflop:.6e} -> memory. "
 f"One A100 reads W = {W1:.6e} and KV = 256*8192*2*8*128*2 = {KV1:.0f}: t_single = {tsingle:.6e}, so t_single < 16 t_comp (the replicated heads). "
 f"KV cache per rank = 80 * KV_rank = {kvtot:.6e} B; weights {P*b/n:.6e} + KV > 80 GiB: does not fit (a warning on accelerator.memory_capacity); n = 16 also exceeds nvlink3's domain 8 "
 f"line rate: M = 256*8192*2 = {M}, t_ar = 2*15/16*M/300e9 + 30*0.5e-6 = {bw+lat:.6e}.")
sc=dict(workload="Llama2_70B",tp_size=16,tokens=T,accelerator="A100",precision="bf16",local_efficiency=0.5,links={"nvlink":"nvlink3"},**{"pass":"decode"},attention_context=8192,compute_model="roofline")
exp=dict(flop_time_s=fmt(tflop),memory_time_s=fmt(tmem),memory_bytes_per_rank=fmt(W+KV),compute_bound="memory",compute_time_s=fmt(tcomp),
  single_device_time_s=fmt(tsingle),kv_cache_per_rank_bytes=fmt(kvtot),fits_in_memory=(P*b/n+kvtot)<=80*2**30,
  links=[link_fields("nvlink",300e9,0.5e-6,bw,lat,2,tcomp,tsingle,n,domain=8,within=False,wire=2*2*(n-1)/n*M)],
  warnings=["accelerator.memory_capacity","links.nvlink"])
write("roofline_kv_heads_replicated.json","Roofline, decode at TP 16 > 8 KV heads: heads replicated, KV cache does not fit",about,sc,exp)

# --- 3. prefill (forward) roofline: FLOPs-bound, equals the flops model; GPT-3 docs/model.md#the-worked-example scenario with compute_model roofline
P=175e9;L=96;h=12288;b=2;n=8;T=2048;peak=989e12;eta=0.5;mbw=3.35e12
F=350e9/L*T; tflop=F/n/(peak*eta); W=P/L*b/n; tmem=W/(mbw*0.8); tmem1=P/L*b/(mbw*0.8)
about=(f"docs/model.md#the-worked-example's scenario in the roofline: t_flop = {tflop:.7e} s (docs/model.md#the-worked-example's t_comp); W_rank = 175e9/96*2/8 = {W:.6e} B, "
 f"t_mem = W/(3.35e12*0.8) = {tmem:.6e} s < t_flop: FLOPs-bound, so t_comp, t_single and every link figure are docs/model.md#the-worked-example's; no KV cache outside decode.")
sc=dict(workload="GPT3",tp_size=8,tokens=2048,accelerator="H100",precision="fp16_dense",local_efficiency=0.5,links={"nvlink":"nvlink4","infiniband_ndr":"ib_ndr"},compute_model="roofline")
exp=dict(compute_time_s=1.887428e-3,single_device_time_s=15.099427e-3,flop_time_s=fmt(tflop),memory_time_s=fmt(tmem),single_device_memory_time_s=fmt(tmem1),memory_bytes_per_rank=fmt(W),
  compute_bound="flops",kv_cache_per_rank_bytes=0,compute_model="roofline",binding_link="infiniband_ndr",bound="communication",
  links=[link_fields("nvlink",450e9,0.5e-6,*ring_line(8,T*h*b,450e9,0.5e-6),2,tflop,tflop*8,8,domain=8,wire=2*2*7/8*T*h*b),
         link_fields("infiniband_ndr",50e9,5e-6,*ring_line(8,T*h*b,50e9,5e-6),2,tflop,tflop*8,8,wire=2*2*7/8*T*h*b)])
write("roofline_prefill_flops_bound.json","Roofline at prefill: docs/model.md#the-worked-example scenario stays FLOPs-bound, its numbers unchanged",about,sc,exp,tol=1e-6)

# --- 4. MoE decode: Mixtral, T = 2: P_read = min(P, T*flops/2)
P=46.7e9;L=32;h=4096;H=32;kv=8;b=2;n=2;T=2;C=1024;peak=989e12;eta=0.5;mbw=3.35e12;act=25.8e9
read=min(P,T*act/2); W=read/L*b/n; KV=T*C*2*(kv/n)*(h/H)*b
F=act/L*T+4*h*T*C; tflop=F/n/(peak*eta); tmem=(W+KV)/(mbw*0.8)
W1=read/L*b; KV1=T*C*2*kv*(h/H)*b; tmem1=(W1+KV1)/(mbw*0.8)
about=(f"docs/model.md#the-roofline, a mixture of experts: inference_flops 25.8e9 < 2P, so each of T = 2 tokens reads its active weights: P_read = min(46.7e9, 2*25.8e9/2) = {read:.4e}; "
 f"W_rank = P_read/32*2/2 = {W:.6e}; KV_rank = 2*1024*2*(8/2)*128*2 = {KV:.0f}; t_mem = {W+KV:.6e}/(3.35e12*0.8) = {tmem:.6e}; t_flop = {tflop:.6e}: memory-bound. "
 "A warning on workload.inference_flops says the union is an upper bound.")
sc=dict(workload="Mixtral_8x7B",tp_size=2,tokens=2,accelerator="H100",precision="bf16",local_efficiency=0.5,links={"nvlink":"nvlink4"},**{"pass":"decode"},attention_context=1024,compute_model="roofline")
exp=dict(memory_bytes_per_rank=fmt(W+KV),memory_time_s=fmt(tmem),flop_time_s=fmt(tflop),single_device_memory_time_s=fmt(tmem1),compute_time_s=fmt(max(tflop,tmem)),compute_bound="memory",warnings=["workload.inference_flops"],
  links=[dict(name="nvlink",allreduce_time_s=fmt(sum(ring_line(2,T*h*b,450e9,0.5e-6))))])
write("roofline_moe_decode_reads_active.json","Roofline, MoE decode: the weights read are the tokens' active experts (an upper bound)",about,sc,exp)

# --- 5. training pass: weights reread per product (m = 3)
P=7e9;L=32;h=4096;b=2;n=2;T=16;peak=312e12;eta=0.5;mbw=2.039e12
F=3*14e9/L*T; tflop=F/n/(peak*eta); W=P/L*b/n*3; tmem=W/(mbw*0.8)
about=(f"docs/model.md#the-roofline with pass training (m = 3): W_rank = 7e9/32*2/2*3 = {W:.6e} B, t_mem = W/(2.039e12*0.8) = {tmem:.6e}; F = 3*14e9/32*16 = {F:.6e}, t_flop = F/2/156e12 = {tflop:.6e}: "
 "16 tokens make even a training step memory-bound.")
sc=dict(workload="Llama2_7B",tp_size=2,tokens=16,accelerator="A100",precision="bf16",local_efficiency=0.5,links={"nvlink":"nvlink3"},**{"pass":"training"},compute_model="roofline",memory_efficiency=0.8)
exp=dict(memory_bytes_per_rank=fmt(W),memory_time_s=fmt(tmem),flop_time_s=fmt(tflop),compute_time_s=fmt(max(tmem,tflop)),compute_bound="memory" if tmem>tflop else "flops",compute_multiplier=3,
  links=[dict(name="nvlink",allreduce_time_s=fmt(sum(ring_line(2,T*h*b,300e9,0.5e-6))),communication_time_s=fmt(4*sum(ring_line(2,T*h*b,300e9,0.5e-6))))])
write("roofline_training_rereads_weights.json","Roofline, a small training step: the backward reads the weights again per product",about,sc,exp)

# --- 6. exchange precision
sc=dict(workload="Llama3_70B",tp_size=8,tokens=8192,accelerator="B200",precision="fp8",local_efficiency=0.5,links={"nvlink":"nvlink5"},exchange_precision="bf16")
M=8192*8192*2; bw,lat=ring_line(8,M,900e9,0.5e-6)
about=f"docs/model.md#custom-all-reduce: FP8 matmuls (b = 1 for the weights and the peak) exchanging BF16: M = 8192*8192*2 = {M} B; t_ar = 2*7/8*M/900e9 + 14*0.5e-6 = {bw+lat:.6e} s."
exp=dict(bytes_per_element=1,exchange_bytes_per_element=2,exchange_precision="bf16_dense",message_bytes=M,weights_per_rank_bytes=70.6e9*1/8,
  links=[dict(name="nvlink",allreduce_time_s=fmt(bw+lat),bandwidth_time_s=fmt(bw))])
write("exchange_precision_bf16_of_fp8.json","The exchange's own format: FP8 matmuls all-reduce BF16 activations",about,sc,exp)

# --- 7. custom all-reduce on a link object with explicit branches (nccl model)
B=100e9; n=4
protos=[dict(name="ll",pattern="ring",base_latency=5e-6,step_latency=1e-6,efficiency=0.5)]
custom=[dict(name="one_shot",pattern="one_shot",base_latency=2e-6,efficiency=0.8),dict(name="two_shot",pattern="two_shot",base_latency=6e-6,step_latency=0.5e-6,efficiency=0.6)]
launch=3e-6
def nccl_ll(M): return 2*(n-1)/n*M/(0.5*B), 5e-6+2*(n-1)*1e-6
def one(M): return (n-1)*M/(0.8*B), 2e-6
def two(M): return 2*(n-1)/n*M/(0.6*B), 6e-6+2*(n-1)*0.5e-6
rows=[]
for T,nm in ((4,'small'),(512,'mid'),(8192,'large')):
    M=T*1024*2
    cands=[('ll',)+nccl_ll(M)]
    if M<=4*2**20: cands+= [('one_shot',)+one(M),('two_shot',)+two(M)]
    best=min(cands,key=lambda c:c[1]+c[2])
    rows.append((T,M,best,cands))
# build three case files? one file per token count is heavy; do the 'small' and 'mid' and 'large' as three cases
for T,M,best,cands in rows:
    F=2*1e9/8*T  # custom workload: P 1e9, L 8, inference default 2P
    tcomp=F/n/(100e12*0.5)
    wl=dict(parameters=1e9,layers=8,hidden_dim=1024,heads=16)
    acc=dict(peak_flops={"bf16":100e12},memory_capacity="80 GiB",memory_bandwidth="2 TB/s")
    sc=dict(workload=wl,tp_size=n,tokens=T,accelerator=acc,precision="bf16",local_efficiency=0.5,
      links={"p2p":dict(bandwidth=B,latency=1e-6,domain=8,protocols=protos,custom=custom,custom_max_bytes="4 MiB")},
      link_model="nccl",launch_overhead="3 us",allreduce="custom")
    name,bwt,latt=best
    share={'ll':2*(n-1)/n,'one_shot':n-1,'two_shot':2*(n-1)/n}[name]
    about=(f"docs/model.md#custom-all-reduce, n = 4, B = 100 GB/s, M = {T}*1024*2 = {M} B, launch 3 us: "+"; ".join(f"{c[0]}: {c[1]+c[2]:.6e} s" for c in cands)+
      (" (custom branches stop above custom_max_bytes = 4 MiB)" if M>4*2**20 else "")+f" -> {name}; t_ar = 3e-6 + {bwt+latt:.6e} s; wire = 2 x {share:g} x M.")
    exp=dict(allreduce="custom",links=[dict(name="p2p",protocol=name,allreduce_time_s=fmt(launch+bwt+latt),bandwidth_time_s=fmt(bwt),latency_time_s=fmt(launch+latt),wire_bytes_per_rank=fmt(2*share*M))],warnings=[])
    write(f"custom_allreduce_{ {4:'small',512:'mid',8192:'above_limit'}[T] }.json".replace(' ',''),f"Custom all-reduce branches against NCCL's at {M} B: {name} runs",about,sc,exp)

# --- 8. custom asked at line rate: ignored, a warning; and a link without custom branches in nccl
sc=dict(workload="Llama3_70B",tp_size=8,tokens=32,accelerator="H100",precision="bf16",local_efficiency=0.5,links={"nvlink":"nvlink4","pcie":"pcie5"},allreduce="custom")
M=32*8192*2; bw,lat=ring_line(8,M,450e9,0.5e-6); bw2,lat2=ring_line(8,M,64e9,1e-6)
about=f"allreduce custom at line rate: ignored (docs/model.md#custom-all-reduce), a warning on allreduce; every link is the ring at line rate: nvlink t_ar = {bw+lat:.6e}, pcie5 {bw2+lat2:.6e}."
exp=dict(allreduce="custom",binding_link="pcie",links=[dict(name="nvlink",protocol="ring",allreduce_time_s=fmt(bw+lat)),dict(name="pcie",protocol="ring",allreduce_time_s=fmt(bw2+lat2))],warnings=["allreduce"])
write("custom_allreduce_ignored_at_line_rate.json","Custom all-reduce asked at line rate: ignored, with a warning",about,sc,exp)
