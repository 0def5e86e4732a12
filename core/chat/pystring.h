#pragma once
// Python's str methods on UTF-8 text, as chat templates call them (strip, upper, split, replace, …)
// and the strftime directives of strftime_now. White space is Python's (str.isspace, so U+3000
// and U+00A0 count); case mapping is Unicode's simple mapping, per code point. Failures throw
// TemplateFailure with line 0.

#include "core/chat/chatvalue.h"

#include <cstdint>
#include <ctime>
#include <string>
#include <utility>
#include <vector>

#include <utf8proc.h>

namespace attnlab::core::chat {

// The code points of `s` with the byte each starts at; an invalid byte counts as one code point -1.
std::vector<std::pair<utf8proc_int32_t, std::size_t>> codePoints(const std::string &s);

// str.strip / lstrip / rstrip: Python's white space, or the characters of `chars` when it is a string.
std::string strip(const std::string &s, bool left, bool right, const Value *chars);

enum class Case { Upper, Lower, Title, Capitalize };
// str.upper / lower / title / capitalize.
std::string mapCase(const std::string &s, Case mode);

// str.replace(from, to, count); count < 0 replaces all.
std::string replaceAll(const std::string &s, const std::string &from, const std::string &to, std::int64_t count);

// str.split(separator, maxSplit): on runs of white space when `separator` is null or None.
List split(const std::string &s, const Value *separator, std::int64_t maxSplit);

// time.strftime for %d %m %Y %y %H %M %S %B %b %A %a %%; any other directive is refused by name.
std::string strftime(const std::string &format, const std::tm &time);

} // namespace attnlab::core::chat
