#pragma once
// Shape checks the forward passes rely on, so that an inconsistent ModelWeights is an error that
// names the tensor, never an out-of-bounds read.

#include "core/model/modelweights.h"
#include "core/text/problem.h"

#include <stdexcept>
#include <string>

namespace attnlab::core::model {

// What the forward passes refuse (an inconsistent checkpoint, a text the model cannot take): a
// std::invalid_argument whose what() is the English text, with the message as data for the
// user's language (ui/i18n/coremessages.h).
class ForwardError : public std::invalid_argument {
public:
    explicit ForwardError(Message message)
        : std::invalid_argument(message.english())
        , m_message(std::move(message))
    {
    }
    const Message &message() const { return m_message; }

private:
    Message m_message;
};

// Throws ForwardError naming the first missing tensor or wrong shape (with the name
// transformers gives it, e.g. "h.3.attn.c_attn.weight"), or an inconsistent config (layers,
// heads not dividing d_model, …). The BERT masked-LM head may be absent as a whole.
void checkForwardWeights(const ModelWeights &weights);

// Whether the checkpoint has what predicting needs (GPT-2 always; BERT its masked-LM head).
bool hasPredictionHead(const ModelWeights &weights);

} // namespace attnlab::core::model
