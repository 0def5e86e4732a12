#pragma once

#include <QString>

#include <functional>

namespace attnlab::ui {

// The text of a history entry, computed again after a language switch so that the History
// reads in the new language (a lambda around tr(), capturing the values it formats).
using HistoryText = std::function<QString()>;

} // namespace attnlab::ui
