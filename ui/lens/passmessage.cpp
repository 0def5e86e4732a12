#include "ui/lens/passmessage.h"

#include "ui/model/modelsession.h"

#include <QLabel>

namespace attnlab::ui {

QString PassMessage::text(const ModelSession &session, const QString &noModel, const QString &noHead)
{
    const core::model::ForwardRunner *runner = session.runner();
    if (!session.hasModel())
        return noModel;
    if (runner && !runner->canPredict())
        return noHead;
    if (session.tokens().empty())
        return tr("Type a sentence.");
    if (!session.isComputed())
        return tr("Computing…");
    return QString();
}

void PassMessage::show(QLabel *label, const QString &text)
{
    label->setText(text);
    label->setHidden(text.isEmpty());
}

} // namespace attnlab::ui
