#include "ui/quant/quantactions.h"

#include "core/gguf/ggufmodel.h"
#include "ui/model/modelactions.h"
#include "ui/model/modelroom.h"
#include "ui/model/modelsession.h"
#include "ui/quant/quantwindow.h"

#include <QAction>
#include <QEvent>
#include <QMenu>
#include <QMessageBox>

namespace attnlab::ui {

QuantActions::QuantActions(ModelActions *model, QMenu *tools, QWidget *window)
    : QObject(window)
    , m_model(model)
    , m_window(window)
    , m_action(new QAction(this))
{
    m_action->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Q));
    connect(m_action, &QAction::triggered, this, &QuantActions::showView);
    tools->addAction(m_action);
    model->room()->addToolBarAction(m_action);
    connect(model->session(), &ModelSession::modelLoaded, this, &QuantActions::refresh);
    connect(model->session(), &DocumentBase::filePathChanged, this, &QuantActions::refresh);
    window->installEventFilter(this);
    retranslate();
    refresh();
}

QuantWindow *QuantActions::view()
{
    if (!m_view)
        m_view = new QuantWindow(m_window);
    return m_view;
}

void QuantActions::showView()
{
    const QString path = m_model->session()->filePath();
    QuantWindow *w = view();
    if (w->modelPath() != path && !w->openModel(path)) {
        QMessageBox::warning(m_window, tr("Quantization"), tr("The model could not be opened:\n%1").arg(w->problem()));
        return;
    }
    w->show();
    w->raise();
    w->activateWindow();
}

bool QuantActions::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && event->type() == QEvent::LanguageChange)
        retranslate();
    return QObject::eventFilter(watched, event);
}

void QuantActions::retranslate()
{
    m_action->setText(tr("&Quantization…"));
    m_action->setToolTip(tr("See how the open GGUF model stores its weights: each block's scale, min and integer "
                            "codes, and the error against an unquantized original (Ctrl+Shift+Q)"));
}

void QuantActions::refresh()
{
    const QString path = m_model->session()->filePath();
    m_action->setEnabled(m_model->session()->hasModel() && core::gguf::isGgufFile(path.toStdString()));
}

} // namespace attnlab::ui
