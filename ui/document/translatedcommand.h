#pragma once
// History entries that follow a language switch: each command keeps how to write its text (a
// HistoryText: the tr() call and the values it formats), never the text itself, and a
// CommandTranslator writes every entry of its stack again when the language changes.

#include "ui/document/historytext.h"

#include <QObject>
#include <QUndoCommand>

class QUndoStack;

namespace attnlab::ui {

class TranslatedCommand : public QUndoCommand {
public:
    explicit TranslatedCommand(HistoryText text = {}, QUndoCommand *parent = nullptr);
    // Sets the text again in the current language.
    virtual void retranslate();

protected:
    HistoryText m_text;
};

// Parented to a stack: on every language switch, retranslates the stack's TranslatedCommands.
// It watches the application, which hears of the switch before any widget, so the entries are
// new by the time the Edit menu and the History dock read them.
class CommandTranslator : public QObject {
    Q_OBJECT
public:
    explicit CommandTranslator(QUndoStack *stack);
    void retranslate();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QUndoStack *m_stack;
};

} // namespace attnlab::ui
