#include "ui/quant/quantactions.h"

#include "core/gguf/ggufmodel.h"
#include "ui/model/modelactions.h"
#include "ui/model/modelroom.h"
#include "ui/model/modelsession.h"
#include "ui/quant/quantcomparewindow.h"
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
    , m_compareAction(new QAction(this))
{
    m_action->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Q));
    connect(m_action, &QAction::triggered, this, &QuantActions::showView);
    tools->addAction(m_action);
    model->room()->addToolBarAction(m_action);
    connect(m_compareAction, &QAction::triggered, this, &QuantActions::showCompareView);
    tools->addAction(m_compareAction);
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

QuantCompareWindow *QuantActions::compareView()
{
    if (!m_compareView)
        m_compareView = new QuantCompareWindow(m_window);
    return m_compareView;
}

void QuantActions::showCompareView()
{
    QuantCompareWindow *w = compareView();
    const ModelSession *session = m_model->session();
    if (w->fileCount() == 0 && !w->isBusy()) {
        w->setText(session->text());
        w->addFile(session->filePath());
        // The room's head, once the file has loaded and set the ranges.
        connect(
            w, &QuantCompareWindow::jobFinished, this,
            [w, layer = session->selectedLayer(), head = session->selectedHead()] { w->setHead(layer, head); },
            Qt::SingleShotConnection);
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
    m_compareAction->setText(tr("Same Head, Several &Files…"));
    m_compareAction->setToolTip(tr("One head on one text from two or three files of the open GGUF model (e.g. F32, "
                                   "Q8_0, Q4_K): scores, weights, context, their difference and the prediction of "
                                   "each, with each file's size, memory and decode speed"));
}

void QuantActions::refresh()
{
    const QString path = m_model->session()->filePath();
    m_action->setEnabled(m_model->session()->hasModel() && core::gguf::isGgufFile(path.toStdString()));
    m_compareAction->setEnabled(m_action->isEnabled());
}

} // namespace attnlab::ui
