#pragma once
// Chat templates: turning a conversation into the one prompt text a chat model was trained on,
// as transformers' apply_chat_template(…, tokenize=False) does.
//
//     ChatContext ctx;
//     ctx.messages = {{"system", "You are helpful."}, {"user", "猫吃鱼吗？"}};
//     ctx.addGenerationPrompt = true;
//     ctx.specialTokens = {{"bos_token", "<|begin_of_text|>"}, {"eos_token", "<|eot_id|>"}};
//     std::string prompt = renderChatTemplate(templateSource, ctx); // throws ChatTemplateError
//
// The template is Jinja, read by a small interpreter of the subset chat templates use (Qwen2.5
// with its tools branch, Llama 3 / 3.1 / 3.2, TinyLlama, SmolLM2 and those like them), with the
// environment transformers sets up in utils/chat_template_utils.py (_compile_jinja_template):
// trim_blocks and lstrip_blocks on, the loopcontrols extension (break, continue), tojson as
// json.dumps(ensure_ascii=False), and the globals raise_exception and strftime_now. The variables
// are those apply_chat_template passes: messages, tools and documents (None when there are none),
// add_generation_prompt, and the tokenizer's special tokens (bos_token, eos_token, …).
// date_string is not passed (as in transformers), so Llama 3.1 writes its own default and
// Llama 3.2 asks strftime_now, which reads ChatContext::now.
//
// Supported: {{ }}, {% %}, {# #} and "-" / "+" white-space control; if/elif/else, for (with
// loop.index0/index/revindex/first/last/length/previtem/nextitem, a filter `if`, else, break and
// continue), set (names, tuples, namespace attributes, set blocks), macros, transformers'
// {% generation %}; literals, lists, dicts, attributes, subscripts and slices, arithmetic, ~,
// comparisons, in / not in, and / or / not, x if c else y; the filters, tests and methods listed in
// builtins.cpp. Anything else fails with a ChatTemplateError that names the construct and its line.

#include "core/text/problem.h"

#include <ctime>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace attnlab::core::chat {

struct ChatMessage {
    std::string role; // "system", "user", "assistant", "tool", …
    std::string content;
    // An assistant's tool calls ([{"type": "function", "function": {"name", "arguments"}}]); null
    // when the message has none (then the message has no "tool_calls" key at all).
    nlohmann::ordered_json toolCalls = nullptr;
};

struct ChatContext {
    std::vector<ChatMessage> messages;
    bool addGenerationPrompt = false;
    // tokenizer_config.json's special tokens by their keys (bos_token, eos_token, unk_token,
    // pad_token, …), passed to the template as variables of those names.
    std::map<std::string, std::string> specialTokens;
    // The tools' JSON schemas (a list); null passes `tools` as None, as transformers does when
    // there are none.
    nlohmann::ordered_json tools = nullptr;
    // The time strftime_now formats (transformers reads the local clock; callers pass it in so a
    // render can be repeated). Defaults to 1 January 2024, 00:00.
    std::tm now = defaultNow();

    static std::tm defaultNow();
    // The local time now, for callers that want the clock as transformers reads it.
    static std::tm localNow();
};

// What went wrong, as a Problem whose message names the line of the template ("template line 3: the chat
// template uses the Jinja filter `xyz`, which Attention Lab does not support"); what() is the
// English text. `file` is empty; readers of a model folder set it to the file the template came
// from.
class ChatTemplateError : public std::runtime_error {
public:
    explicit ChatTemplateError(Problem problem);
    const Problem &problem() const { return m_problem; }
    int line() const { return m_line; }

private:
    Problem m_problem;
    int m_line = 0;
};

// The prompt `templateSource` makes of `context`. Throws ChatTemplateError for a template it
// cannot read, a construct it does not support, raise_exception() in the template, or a template
// past the limits of chatlimits.h (time, nesting, output size).
std::string renderChatTemplate(const std::string &templateSource, const ChatContext &context);

} // namespace attnlab::core::chat
