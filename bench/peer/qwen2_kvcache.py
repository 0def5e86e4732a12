#!/usr/bin/python3
# The PyTorch peer of issue 18's generation benchmark: a Qwen2 decoder in float32 with a KV
# cache, as transformers' modeling_qwen2.py computes it (RMSNorm, q/k/v biases, rotate-half RoPE
# with rope_theta, grouped-query attention, SwiGLU MLP, tied or untied lm_head), reading the same
# config.json and model.safetensors as attnlab (BF16/F16/F32, widened to float32 once).
#
#   qwen2_kvcache.py DIR NEW_TOKENS ID [ID …]
#
# Runs the prompt ids in one prefill, then NEW_TOKENS greedy steps of one row each, and prints
# {"generated": [ids], "load_s": …, "loop_s": …} on stdout. Needs python3-torch (Debian).
import json
import struct
import sys
import time

import torch


def read_safetensors(path):
    with open(path, "rb") as f:
        data = bytearray(f.read())  # writable, so torch.frombuffer shares it without a warning
    (length,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8 : 8 + length])
    body = memoryview(data)[8 + length :]
    dtypes = {"BF16": torch.bfloat16, "F16": torch.float16, "F32": torch.float32}
    tensors = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        begin, end = info["data_offsets"]
        raw = torch.frombuffer(body[begin:end], dtype=dtypes[info["dtype"]])
        tensors[name] = raw.reshape(info["shape"]).float()
    return tensors


def rms_norm(x, weight, eps):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * weight


def rotate_half(x):
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


def main():
    folder, new_tokens, ids = sys.argv[1], int(sys.argv[2]), [int(a) for a in sys.argv[3:]]
    torch.set_grad_enabled(False)
    start = time.perf_counter()
    config = json.load(open(folder + "/config.json"))
    w = read_safetensors(folder + "/model.safetensors")
    load_s = time.perf_counter() - start

    heads, kv_heads = config["num_attention_heads"], config["num_key_value_heads"]
    d = config["hidden_size"]
    dh = config.get("head_dim", d // heads)
    eps = config["rms_norm_eps"]
    layers = config["num_hidden_layers"]
    inv_freq = 1.0 / (config.get("rope_theta", 10000.0) ** (torch.arange(0, dh, 2).float() / dh))
    embed = w["model.embed_tokens.weight"]
    head = embed if config.get("tie_word_embeddings", False) else w["lm_head.weight"]
    cache = [[None, None] for _ in range(layers)]

    def step(new_ids, past):
        n = len(new_ids)
        x = embed[torch.tensor(new_ids)]
        positions = torch.arange(past, past + n).float()
        freqs = torch.outer(positions, inv_freq)
        emb = torch.cat((freqs, freqs), dim=-1)
        cos, sin = emb.cos(), emb.sin()
        for l in range(layers):
            p = f"model.layers.{l}."
            h = rms_norm(x, w[p + "input_layernorm.weight"], eps)
            q = h @ w[p + "self_attn.q_proj.weight"].T + w[p + "self_attn.q_proj.bias"]
            k = h @ w[p + "self_attn.k_proj.weight"].T + w[p + "self_attn.k_proj.bias"]
            v = h @ w[p + "self_attn.v_proj.weight"].T + w[p + "self_attn.v_proj.bias"]
            q = q.view(n, heads, dh).transpose(0, 1)
            k = k.view(n, kv_heads, dh).transpose(0, 1)
            v = v.view(n, kv_heads, dh).transpose(0, 1)
            q = q * cos + rotate_half(q) * sin
            k = k * cos + rotate_half(k) * sin
            if cache[l][0] is not None:
                k = torch.cat((cache[l][0], k), dim=1)
                v = torch.cat((cache[l][1], v), dim=1)
            cache[l] = [k, v]
            group = heads // kv_heads
            kr = k.repeat_interleave(group, dim=0)
            vr = v.repeat_interleave(group, dim=0)
            scores = q @ kr.transpose(1, 2) / dh**0.5
            total = kr.shape[1]
            mask = torch.ones(n, total).tril(diagonal=total - n).bool()
            scores = scores.masked_fill(~mask, float("-inf"))
            context = (scores.softmax(-1) @ vr).transpose(0, 1).reshape(n, heads * dh)
            x = x + context @ w[p + "self_attn.o_proj.weight"].T
            h = rms_norm(x, w[p + "post_attention_layernorm.weight"], eps)
            gate = torch.nn.functional.silu(h @ w[p + "mlp.gate_proj.weight"].T)
            x = x + (gate * (h @ w[p + "mlp.up_proj.weight"].T)) @ w[p + "mlp.down_proj.weight"].T
        last = rms_norm(x[-1], w["model.norm.weight"], eps)
        return last @ head.T

    start = time.perf_counter()
    logits = step(ids, 0)
    generated = []
    for i in range(new_tokens):
        token = int(torch.argmax(logits))
        generated.append(token)
        if i + 1 < new_tokens:
            logits = step([token], len(ids) + i)
    loop_s = time.perf_counter() - start
    print(json.dumps({"generated": generated, "load_s": round(load_s, 4), "loop_s": round(loop_s, 4)}))


if __name__ == "__main__":
    main()
