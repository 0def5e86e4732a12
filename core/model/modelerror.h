#pragma once
// The one error type of the checkpoint readers. Its message is a single line that starts with
// the file it is about ("model.safetensors: …", "config.json: …"), so a caller can print it as is
// (the command line prints it on stderr and exits 2).

#include <stdexcept>
#include <string>

namespace attnlab::core::model {

class ModelError : public std::runtime_error {
public:
    explicit ModelError(const std::string &message)
        : std::runtime_error(message)
    {
    }
};

} // namespace attnlab::core::model
