#pragma once
// A dock around one widget whose title and tooltip follow the language: the mask editor, the
// settings panel (in a scroll area) and the undo history each sit in one.

#include "ui/i18n/retranslating.h"

#include <QDockWidget>

#include <functional>

namespace attnlab::ui {

class ToolDock : public Retranslating<QDockWidget> {
    Q_OBJECT

public:
    // `texts` sets the dock's title and tooltip (and anything else of `widget` that is not
    // retranslated by the widget itself); it runs now and after every language change.
    ToolDock(
        const QString &objectName, QWidget *widget, std::function<void(ToolDock *)> texts, QWidget *parent = nullptr);

protected:
    void retranslate() override;

private:
    std::function<void(ToolDock *)> m_texts;
};

} // namespace attnlab::ui
