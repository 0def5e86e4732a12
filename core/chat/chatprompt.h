#pragma once
// A model folder's chat template and the prompt it makes of one user turn, read as transformers'
// AutoTokenizer.from_pretrained reads them:
// - chat_template.jinja, when the folder has it, is the template (newer transformers saves it
//   there and gives it priority over tokenizer_config.json);
// - otherwise tokenizer_config.json's "chat_template": a string, or a list of
//   {"name": …, "template": …} of which the one named "default" is used;
// - the special tokens (bos_token, eos_token, unk_token, sep_token, pad_token, cls_token,
//   mask_token) come from tokenizer_config.json, each a string or an AddedToken {"content": …}.
// tokenizer_config.json goes through the JSON guard (core/json/jsonguard) like every model file.
//
// A GGUF file (core/gguf; `folder` is then that file) carries the same in its metadata: the
// template is "tokenizer.chat_template", and the special tokens are the pieces of
// tokenizer.ggml.tokens that tokenizer.ggml.bos_token_id, eos_token_id, unknown_token_id and
// padding_token_id name.

#include "core/chat/chattemplate.h"

#include <ctime>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace attnlab::core::chat {

struct ModelChatTemplate {
    std::string source; // the template's text
    std::string file; // where it came from: "chat_template.jinja", "tokenizer_config.json" or the GGUF file's name
    std::string
        key; // the key of `file` that holds it ("chat_template", "tokenizer.chat_template"); "" for the whole file
    std::map<std::string, std::string> specialTokens; // by key, for ChatContext::specialTokens
};

// tokenizer_config.json's "chat_template" (`config` is the file's top-level object): the text, or
// nothing when the key is absent or null. Throws ChatTemplateError (file "tokenizer_config.json",
// path "chat_template") for a value of another type or a list without "default".
std::optional<std::string> chatTemplateOfConfig(const nlohmann::json &config);

// tokenizer_config.json's special tokens of `folder` by key ("eos_token" → "<|im_end|>"); none when
// the folder has no tokenizer_config.json (a folder without a chat template is fine). Throws
// ChatTemplateError (file "tokenizer_config.json") when the file cannot be read or parsed, or a
// token is neither a string nor an AddedToken.
std::map<std::string, std::string> readSpecialTokens(const std::string &folder);

// The folder's chat template and special tokens. Throws ChatTemplateError when the folder has no
// chat template (a base model, not a chat model) or its files cannot be read; the problem names
// the file.
ModelChatTemplate readModelChatTemplate(const std::string &folder);

// The prompt a conversation makes: the folder's template applied to `messages` (system, user and
// assistant turns in order, as transformers' apply_chat_template takes them) with
// add_generation_prompt on, so it ends where the assistant's next answer begins. An assistant
// turn holds the answer's text without its end token: the template writes the end of each turn.
// `now` is the clock strftime_now reads. Throws ChatTemplateError (its problem's file is the
// template's file), also when the template refuses the order of the roles.
std::string chatPrompt(
    const std::string &folder, const std::vector<ChatMessage> &messages, const std::tm &now = ChatContext::localNow());

// The prompt for one user turn as `--chat` sends it to the model: the folder's template applied
// to [{"role": "user", "content": userText}] with add_generation_prompt on, so it ends where the
// assistant's answer begins. `now` is the clock strftime_now reads (Llama 3.2 writes the date).
// Throws ChatTemplateError (its problem's file is the template's file).
std::string chatPromptForUserTurn(
    const std::string &folder, const std::string &userText, const std::tm &now = ChatContext::localNow());

} // namespace attnlab::core::chat
