#pragma once
// What the core has to say to a user (a problem with a file, a refused option) as data: an id
// from the catalogue plus its arguments, never a finished sentence. The window and the command
// line turn a Message into text in the user's language (ui/i18n/coremessages.h); english() gives
// the English text, for exceptions' what(), logs and the core's own tests.
//
// An argument is a Message itself: a literal (a file name, a JSON path, a number, a key, which
// is never translated), an errno value (the system's reason, translated where it is common), or
// another catalogue entry (a phrase such as "a string" inside "expected a number, got %1").
//
// The English templates live in core/text/message.cpp, one line per id, with %1 … %9 for the
// arguments in order. lupdate reads them from there (scripts/update-translations), so a new id
// is one enum value in core/text/messageid.h plus one line there.

#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace attnlab::core {

// The catalogue's ids (core/text/messageid.h). Only files that create or inspect messages need the
// list, so a new id does not rebuild every file that passes a Problem on.
enum class MessageId : int;

struct Message {
    MessageId id {}; // MessageId::Literal
    std::string text; // Literal: the text; Errno: the errno value in decimal
    std::vector<Message> args; // %1, %2, … of a catalogue entry

    Message() = default;
    // A catalogue entry with its arguments: strings and numbers become literals.
    template<typename... Args>
    explicit Message(MessageId messageId, Args &&...arguments)
        : id(messageId)
    {
        args.reserve(sizeof...(Args));
        (args.push_back(argument(std::forward<Args>(arguments))), ...);
    }

    // Text shown as it is (never translated): a file name, a path, a value.
    static Message literal(std::string text);
    // The system's reason for errno `error` (shown in the user's language where it is common).
    static Message systemError(int error);

    // The message in English, the arguments put in.
    std::string english() const;

    bool operator==(const Message &other) const { return id == other.id && text == other.text && args == other.args; }

private:
    static Message argument(Message m) { return m; }
    static Message argument(std::string s) { return literal(std::move(s)); }
    static Message argument(const char *s) { return literal(s); }
    template<typename N, typename = std::enable_if_t<std::is_integral_v<N>>> static Message argument(N n)
    {
        return literal(std::to_string(n));
    }
};

// The English template of a catalogue entry ("expected a number, got %1"); empty for Literal
// and Errno.
const char *messageTemplate(MessageId id);
// Ids run from Literal to the last entry: every id below this count is in the catalogue.
int messageIdCount();

// `pattern` with %1 … %9 replaced by `args` in one pass (an argument's own "%2" stays as it is);
// a %N without an argument is kept.
std::string substituteArguments(const std::string &pattern, const std::vector<std::string> &args);

} // namespace attnlab::core
