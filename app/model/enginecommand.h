#pragma once
// Commands that look inside the inference engine (issue 32; the options are a public contract, see
// README "Inside the inference engine"):
//   --flash-trace [--model DIR --text TEXT --layer L | --example NAME | FILE] [--head H]
//                 [--tile-rows R] [--tile-cols C]   FlashAttention's tiles of one head, as JSON
//   --kv-report --model DIR [--tokens N]            the KV cache's size for the model, as JSON
//   --list-models                                    the models on this machine, as JSON (issue 34)
// Every bad input is one line on stderr and exit code 2.

namespace attnlab::app {

class CommandLine;

int runFlashTraceCommand(const CommandLine &cli);
int runKvReportCommand(const CommandLine &cli);
int runListModelsCommand(const CommandLine &cli);

} // namespace attnlab::app
