#pragma once
// The one error type of the checkpoint and tokenizer readers. It carries a Problem: the file it
// is about ("model.safetensors", "config.json", …) and a message id with its arguments
// (core/text/message.h), which the window and the command line put into the user's language. what()
// is the same in English, one line that starts with the file ("model.safetensors: …").

#include "core/text/problem.h"

#include <stdexcept>
#include <string>

namespace attnlab::core::model {

class ModelError : public std::runtime_error {
public:
    explicit ModelError(Problem problem)
        : std::runtime_error(formatProblem(problem.file, problem))
        , m_problem(std::move(problem))
    {
    }
    // A problem with the whole of `file`.
    ModelError(std::string file, Message message)
        : ModelError(Problem {"", std::move(message), 0, 0, std::move(file)})
    {
    }

    const Problem &problem() const { return m_problem; }

private:
    Problem m_problem;
};

} // namespace attnlab::core::model
