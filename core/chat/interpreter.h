#pragma once
// Renders a parsed chat template (syntax.h) with the variables transformers passes, as Jinja2's
// ImmutableSandboxedEnvironment would: scoping of `set` inside loops and macros, the `loop`
// object, Undefined for missing names, and the limits of chatlimits.h. Throws TemplateFailure.

#include "core/chat/syntax.h"

#include <ctime>
#include <string>

namespace attnlab::core::chat {

std::string renderTemplate(const Body &body, const Dict &variables, const std::tm &now);

} // namespace attnlab::core::chat
