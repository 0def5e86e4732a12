#include "core/chat/chattemplate.h"

#include "core/chat/interpreter.h"
#include "core/chat/syntax.h"
#include "core/text/messageid.h"

#include <cstdlib>
#include <new>

namespace attnlab::core::chat {

namespace {

Problem problemAt(const TemplateFailure &failure)
{
    Problem p;
    p.message
        = failure.line > 0 ? Message(MessageId::ChatTemplateLine, failure.line, failure.message) : failure.message;
    return p;
}

} // namespace

std::tm ChatContext::defaultNow()
{
    std::tm t {};
    t.tm_year = 2024 - 1900;
    t.tm_mon = 0;
    t.tm_mday = 1;
    t.tm_wday = 1; // a Monday
    return t;
}

std::tm ChatContext::localNow()
{
    const std::time_t now = std::time(nullptr);
    std::tm t {};
    localtime_r(&now, &t);
    return t;
}

ChatTemplateError::ChatTemplateError(Problem problem)
    : std::runtime_error(formatProblem(problem.file, problem))
    , m_problem(std::move(problem))
{
    if (m_problem.message.id == MessageId::ChatTemplateLine && !m_problem.message.args.empty())
        m_line = std::atoi(m_problem.message.args[0].text.c_str());
}

std::string renderChatTemplate(const std::string &templateSource, const ChatContext &context)
{
    try {
        const Body body = parse(tokenize(templateSource));
        Dict variables;
        List messages;
        for (const ChatMessage &m : context.messages) {
            Dict message {{"role", Value::fromString(m.role)}, {"content", Value::fromString(m.content)}};
            if (!m.toolCalls.is_null())
                message.emplace_back("tool_calls", Value::fromJson(m.toolCalls));
            messages.push_back(Value::fromDict(std::move(message)));
        }
        variables.emplace_back("messages", Value::fromList(std::move(messages)));
        variables.emplace_back("tools", Value::fromJson(context.tools));
        variables.emplace_back("documents", Value::none());
        variables.emplace_back("add_generation_prompt", Value::fromBool(context.addGenerationPrompt));
        for (const auto &[key, token] : context.specialTokens)
            variables.emplace_back(key, Value::fromString(token));
        return renderTemplate(body, variables, context.now);
    } catch (const TemplateFailure &failure) {
        throw ChatTemplateError(problemAt(failure));
    } catch (const std::bad_alloc &) {
        throw ChatTemplateError(Problem {"", Message(MessageId::ChatOutOfMemory)});
    }
}

} // namespace attnlab::core::chat
