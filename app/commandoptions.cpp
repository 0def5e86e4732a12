// The option rows of the command table (app/commandtable.h), in --help's order: a file of their
// own, so that commandtable.cpp holds the command rows and the rules that choose among them.
#include "app/commandtable.h"

#include <QCoreApplication>

namespace attnlab::app {

namespace {

// The context lupdate filed the help lines under before they became table rows: their Chinese
// translations stay where they were.
constexpr const char *kHelp = "CommandLine";

constexpr TableMessage help(const char *text)
{
    return {kHelp, text, TableMessage::Fixed};
}

const std::vector<OptionSpec> kOptions = {
    {Opt::Dump, "dump", nullptr, nullptr,
        help(QT_TRANSLATE_NOOP("CommandLine", "Print every stage of the scene as JSON and exit."))},
    {Opt::Validate, "validate", nullptr, nullptr,
        help(QT_TRANSLATE_NOOP("CommandLine", "Check the scene file; print \"ok\" or its problems."))},
    {Opt::Example, "example", nullptr, "NAME",
        help(QT_TRANSLATE_NOOP("CommandLine", "Use the built-in example NAME instead of a file."))},
    {Opt::ListExamples, "list-examples", nullptr, nullptr,
        help(QT_TRANSLATE_NOOP("CommandLine", "List the built-in examples and exit."))},
    {Opt::ListModels, "list-models", nullptr, nullptr,
        help(QT_TRANSLATE_NOOP("CommandLine",
            "List the models on this machine (Hugging Face cache, Ollama store, LM Studio) as JSON and exit."))},
    {Opt::Lang, "lang", nullptr, "LANG",
        help(QT_TRANSLATE_NOOP("CommandLine", "Interface language: zh_CN or en (default: the system's)."))},
    {Opt::Help, "help", "h", nullptr, help(QT_TRANSLATE_NOOP("CommandLine", "Show this help and exit."))},
    {Opt::Version, "version", "v", nullptr, help(QT_TRANSLATE_NOOP("CommandLine", "Show the version and exit."))},
    {Opt::Export, "export", nullptr, "STAGES",
        help(QT_TRANSLATE_NOOP("CommandLine",
            "Write the heatmaps of STAGES (comma-separated: X, Q, K, V, scores, "
            "scaled, masked, weights, context, concat, output, or board for all) "
            "to the --out file, with no window."))},
    {Opt::Head, "head", nullptr, "N",
        help(QT_TRANSLATE_NOOP("CommandLine",
            "With --export: the head to show, counted from 1 (default 1). With --model: the head of --layer."))},
    {Opt::Scale, "scale", nullptr, "K",
        help(QT_TRANSLATE_NOOP("CommandLine", "With --export: pixels per logical pixel of a PNG (default 2)."))},
    {Opt::Theme, "theme", nullptr, "THEME",
        help(QT_TRANSLATE_NOOP("CommandLine", "With --export: light, dark, print or high-contrast."))},
    {Opt::Colormap, "colormap", nullptr, "MAP",
        help(QT_TRANSLATE_NOOP("CommandLine", "With --export: the weights' map: viridis, cividis or grayscale."))},
    {Opt::Out, "out", nullptr, "FILE",
        {kHelp,
            QT_TRANSLATE_NOOP("CommandLine",
                "With --export or --experiment: the image to write (%1). With --model alone: "
                "the scene file (.attn.json) to save the head to."),
            TableMessage::PictureFormats}},
    {Opt::Experiment, "experiment", nullptr, "NAME",
        help(QT_TRANSLATE_NOOP(
            "CommandLine", "Render the figure of experiment NAME (sqrt-dk) to --out, with no window."))},
    {Opt::Seed, "seed", nullptr, "S",
        help(QT_TRANSLATE_NOOP("CommandLine",
            "With --experiment: seed of the random samples (default 1). With --generate: seed of the sampling "
            "(default: a new one each run)."))},
    {Opt::Model, "model", nullptr, "DIR",
        help(QT_TRANSLATE_NOOP("CommandLine",
            "A model: a folder as the Hugging Face hub stores it (config.json, model.safetensors, "
            "tokenizer.json), a hub id in the local cache, a .gguf file or an Ollama NAME:TAG: opens it in the "
            "window, or is the scene source of --dump, --export, --out and --predict."))},
    {Opt::Text, "text", nullptr, "TEXT",
        help(QT_TRANSLATE_NOOP("CommandLine", "With --model: the text the model reads."))},
    {Opt::Layer, "layer", nullptr, "L",
        help(QT_TRANSLATE_NOOP("CommandLine", "With --model: the layer of the head, counted from 1."))},
    {Opt::Predict, "predict", nullptr, nullptr,
        help(QT_TRANSLATE_NOOP("CommandLine",
            "With --model and --text: print the model's most likely next tokens (a causal model: GPT-2, "
            "Qwen2/3, Llama, Gemma …) or fillers of the first [MASK] (BERT) as JSON."))},
    {Opt::Top, "top", nullptr, "K",
        help(QT_TRANSLATE_NOOP("CommandLine", "With --predict or --lens: how many tokens to list (default 10)."))},
    {Opt::Ablate, "ablate", nullptr, "L.H,...",
        help(QT_TRANSLATE_NOOP("CommandLine",
            "With --predict or --generate: switch heads off, e.g. 5.1,6.3 (layer.head, counted from 1)."))},
    {Opt::Generate, "generate", nullptr, nullptr,
        help(QT_TRANSLATE_NOOP("CommandLine",
            "With --model and --text: generate the text's continuation token by token (with the KV cache) and "
            "print the tokens as JSON."))},
    {Opt::MaxNewTokens, "max-new-tokens", nullptr, "N",
        help(QT_TRANSLATE_NOOP("CommandLine",
            "With --generate or --translate: how many tokens to generate at most (default 20, --translate 64); it "
            "stops earlier after an end-of-sequence token."))},
    {Opt::Chat, "chat", nullptr, nullptr,
        help(QT_TRANSLATE_NOOP("CommandLine",
            "With --generate: send the text as a user's turn through the model's chat template "
            "(tokenizer_config.json, or a GGUF file's tokenizer.chat_template), so a chat model answers it."))},
    {Opt::Temperature, "temperature", nullptr, "X",
        help(QT_TRANSLATE_NOOP("CommandLine",
            "With --generate: divide the logits by X and sample (default 0: always the most likely token)."))},
    {Opt::TopK, "top-k", nullptr, "K",
        help(QT_TRANSLATE_NOOP(
            "CommandLine", "With --generate: sample only from the K most likely tokens (default 0: all)."))},
    {Opt::TopP, "top-p", nullptr, "P",
        help(QT_TRANSLATE_NOOP("CommandLine",
            "With --generate: sample only from the fewest most likely tokens whose probabilities add up to at least P "
            "(default 1: all)."))},
    {Opt::RepetitionPenalty, "repetition-penalty", nullptr, "R",
        help(QT_TRANSLATE_NOOP("CommandLine",
            "With --generate: divide the logit of every token already in the text by R (multiply it when "
            "negative), as transformers does; 1 is off (default: generation_config.json's, else 1)."))},
    {Opt::KvWindow, "kv-window", nullptr, "W",
        help(QT_TRANSLATE_NOOP("CommandLine",
            "With --generate: evict from the KV cache all but the last W tokens, so each token attends only to "
            "them (default: keep every token)."))},
    {Opt::KvSinks, "kv-sinks", nullptr, "S",
        help(QT_TRANSLATE_NOOP("CommandLine",
            "With --kv-window: also keep the first S tokens as attention sinks, as StreamingLLM does (default 0)."))},
    {Opt::Draft, "draft", nullptr, "DIR",
        help(QT_TRANSLATE_NOOP("CommandLine",
            "With --generate: speculative decoding with this smaller model (same vocabulary) proposing tokens "
            "that --model checks; the text is --model's own."))},
    {Opt::DraftTokens, "draft-tokens", nullptr, "K",
        help(QT_TRANSLATE_NOOP(
            "CommandLine", "With --draft: how many tokens the draft proposes per step (default 4)."))},
    {Opt::Lens, "lens", nullptr, nullptr,
        help(QT_TRANSLATE_NOOP("CommandLine",
            "With --model and --text: print the logit lens as JSON: what the model would predict after each "
            "layer (0 = the embeddings)."))},
    {Opt::Attribute, "attribute", nullptr, nullptr,
        help(QT_TRANSLATE_NOOP("CommandLine",
            "With --model and --text: print how much the embeddings, each head, each MLP and the biases add to "
            "the predicted token's logit, as JSON."))},
    {Opt::Token, "token", nullptr, "ID",
        help(QT_TRANSLATE_NOOP(
            "CommandLine", "With --attribute: the token id to explain (default: the predicted token)."))},
    {Opt::Block, "block", nullptr, nullptr,
        help(QT_TRANSLATE_NOOP("CommandLine",
            "With --dump, --model, --text and --layer: print every stage of that whole layer (norms, attention, "
            "MLP, residual) instead of one head."))},
    {Opt::FlashTrace, "flash-trace", nullptr, nullptr,
        help(QT_TRANSLATE_NOOP("CommandLine",
            "Print FlashAttention's pass over one head as JSON, tile by tile (running maximum, sum and "
            "accumulator), with the output beside the textbook's softmax(QK^T)V; the head of --model, --text, "
            "--layer and --head, or of a scene (--example, FILE, --head)."))},
    {Opt::TileRows, "tile-rows", nullptr, "R",
        help(QT_TRANSLATE_NOOP("CommandLine", "With --flash-trace: query rows per tile (default 4)."))},
    {Opt::TileCols, "tile-cols", nullptr, "C",
        help(QT_TRANSLATE_NOOP("CommandLine", "With --flash-trace: key columns per tile (default 4)."))},
    {Opt::KvReport, "kv-report", nullptr, nullptr,
        help(QT_TRANSLATE_NOOP("CommandLine",
            "With --model: print the size of the model's KV cache as JSON: bytes per token and for --tokens "
            "tokens."))},
    {Opt::Tokens, "tokens", nullptr, "N",
        help(QT_TRANSLATE_NOOP("CommandLine",
            "With --kv-report: how many tokens the cache holds (default: the longest text the model takes)."))},
    {Opt::Translate, "translate", nullptr, nullptr,
        help(QT_TRANSLATE_NOOP("CommandLine",
            "With --model and --text: translate the text with an encoder-decoder model (Marian, opus-mt), "
            "greedily, and print the source ids, the generated tokens and the text as JSON."))},
    {Opt::TargetText, "target-text", nullptr, "TEXT",
        help(QT_TRANSLATE_NOOP("CommandLine",
            "With --dump or --predict and an encoder-decoder --model: the translation so far, which the decoder "
            "reads after its start token while the encoder reads --text."))},
    {Opt::Attention, "attention", nullptr, "KIND",
        help(QT_TRANSLATE_NOOP("CommandLine",
            "With --dump and --target-text: the attention of the head of --layer and --head: encoder, decoder or "
            "cross (the decoder's attention over the encoder's output)."))},
    {Opt::NoRecovery, "no-recovery", nullptr, nullptr,
        help(QT_TRANSLATE_NOOP("CommandLine",
            "Do not offer the scenes a crashed or killed Attention Lab left unsaved (they are kept for a later "
            "start)."))},
};

} // namespace

const std::vector<OptionSpec> &optionTable()
{
    return kOptions;
}

const OptionSpec &optionSpec(Opt id)
{
    return kOptions[size_t(id)];
}

} // namespace attnlab::app
