#pragma once
// A text-only tool button that shows and runs `action`: the Generate and Chat panels' Step, Run,
// Send, Stop buttons, which follow their action's text, tooltip and enabled state.

#include <QAction>
#include <QToolButton>

namespace attnlab::ui {

inline QToolButton *buttonFor(QAction *action)
{
    auto *button = new QToolButton;
    button->setDefaultAction(action);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    return button;
}

} // namespace attnlab::ui
