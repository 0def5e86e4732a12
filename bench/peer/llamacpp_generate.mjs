// llama.cpp's side of scripts/bench-llamacpp (issues 33 and 34), through npm node-llama-cpp and its
// prebuilt CPU binaries: loads a GGUF file on the CPU with THREADS threads, evaluates the given
// prompt token ids, generates NEW tokens greedily (temperature 0, no repetition penalty) and
// prints JSON: the generated ids, load, prefill (prompt evaluated and the first token chosen) and
// per-token decode seconds, and the CPU variant of ggml the loader picked.
// usage: node llamacpp_generate.mjs FILE.gguf THREADS NEW ID...   (NODE_PATH need not be set:
// LLAMAPEER_DIR names the folder whose node_modules holds node-llama-cpp, /work/llamapeer by default)
import { createRequire } from "node:module";
import path from "node:path";

const [file, threadsText, newText, ...idTexts] = process.argv.slice(2);
if (!file || idTexts.length === 0) {
    console.error("usage: node llamacpp_generate.mjs FILE.gguf THREADS NEW ID...");
    process.exit(2);
}
const threads = Number(threadsText), newTokens = Number(newText), ids = idTexts.map(Number);
const home = process.env.LLAMAPEER_DIR ?? "/work/llamapeer";
const { getLlama, LlamaLogLevel } = await import(createRequire(path.join(home, "package.json")).resolve("node-llama-cpp"));

const log = [];
const seconds = (from) => Number(process.hrtime.bigint() - from) / 1e9;
const start = process.hrtime.bigint();
const llama = await getLlama({
    gpu: false, maxThreads: threads, logLevel: LlamaLogLevel.debug, logger: (_level, message) => log.push(message),
});
const model = await llama.loadModel({ modelPath: file, gpuLayers: 0 });
const context = await model.createContext({ contextSize: 256, batchSize: 256, threads: { ideal: threads, min: threads } });
const sequence = context.getSequence();
const loadSeconds = seconds(start);

const generated = [], stepSeconds = [];
let last = process.hrtime.bigint();
for await (const token of sequence.evaluate(ids, { temperature: 0, repeatPenalty: false })) {
    stepSeconds.push(seconds(last));
    last = process.hrtime.bigint();
    generated.push(token);
    if (generated.length === newTokens)
        break;
}
const decode = stepSeconds.slice(1);
const variant = log.map((m) => /libggml-cpu-([\w-]+)\.so/.exec(m)).find(Boolean);
console.log(JSON.stringify({
    generated, load_s: loadSeconds, prefill_s: stepSeconds[0], decode_s: decode,
    decode_median_s: [...decode].sort((a, b) => a - b)[Math.floor(decode.length / 2)] ?? null,
    cpu_variant: variant ? variant[1] : null, threads: context.currentThreads ?? threads,
    llama_cpp_release: llama.llamaCppRelease.release,
}));
await context.dispose();
await model.dispose();
await llama.dispose();
