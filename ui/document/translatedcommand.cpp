#include "ui/document/translatedcommand.h"

#include <QCoreApplication>
#include <QEvent>
#include <QUndoStack>

namespace attnlab::ui {

TranslatedCommand::TranslatedCommand(HistoryText text, QUndoCommand *parent)
    : QUndoCommand(parent)
    , m_text(std::move(text))
{
}

void TranslatedCommand::retranslate()
{
    setText(m_text ? m_text() : QString());
}

CommandTranslator::CommandTranslator(QUndoStack *stack)
    : QObject(stack)
    , m_stack(stack)
{
    if (QCoreApplication::instance())
        QCoreApplication::instance()->installEventFilter(this);
}

void CommandTranslator::retranslate()
{
    for (int i = 0; i < m_stack->count(); ++i)
        if (auto *command = dynamic_cast<TranslatedCommand *>(const_cast<QUndoCommand *>(m_stack->command(i))))
            command->retranslate();
}

bool CommandTranslator::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::LanguageChange && watched == QCoreApplication::instance())
        retranslate();
    return QObject::eventFilter(watched, event);
}

} // namespace attnlab::ui
