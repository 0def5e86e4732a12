#pragma once
// The families the registry knows, one data file each (gpt2.cpp, bert.cpp, qwen2.cpp, llama.cpp, gemma2.cpp,
// gemma3.cpp, qwen3.cpp, qwen3moe.cpp, marian.cpp). Only registry.cpp includes this: everything else finds a family by
// findFamily() and asks its properties.

#include "core/model/family/modelfamily.h"

namespace attnlab::core::model {

const ModelFamily &gpt2Family();
const ModelFamily &bertFamily();
const ModelFamily &qwen2Family();
const ModelFamily &llamaFamily();
const ModelFamily &gemma2Family();
const ModelFamily &gemma3TextFamily();
const ModelFamily &gemma3Family();
const ModelFamily &qwen3Family();
const ModelFamily &qwen3MoeFamily();
const ModelFamily &marianEncoderFamily();
const ModelFamily &marianDecoderFamily();

} // namespace attnlab::core::model
