#include "ui/translate/translateactions.h"

#include "core/translate/crossheadscene.h"
#include "core/translate/demomarian.h"
#include "ui/document/document.h"
#include "ui/translate/translationrun.h"
#include "ui/translate/translationwindow.h"

#include <QAction>
#include <QDir>
#include <QEvent>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QStandardPaths>

namespace attnlab::ui {

TranslateActions::TranslateActions(QWidget *window, QMenu *tools, QMenu *examples, Document *board)
    : QObject(window)
    , m_window(window)
    , m_board(board)
    , m_translate(new QAction(window))
    , m_example(new QAction(window))
{
    setObjectName(QStringLiteral("TranslateActions"));
    m_translate->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T));
    tools->addAction(m_translate);
    window->addAction(m_translate);
    connect(m_translate, &QAction::triggered, this, &TranslateActions::showView);
    connect(m_example, &QAction::triggered, this, &TranslateActions::openExample);
    // File → Examples is refilled when shown (FileActions fills it first, in its own connection).
    connect(examples, &QMenu::aboutToShow, this, [this, examples] { addExampleTo(examples); });
    window->installEventFilter(this);
    retranslate();
}

void TranslateActions::addExampleTo(QMenu *examples)
{
    if (examples->actions().contains(m_example))
        return;
    examples->addSeparator();
    examples->addAction(m_example);
}

TranslationWindow *TranslateActions::view()
{
    if (!m_view) {
        m_view = new TranslationWindow(m_window);
        connect(m_view, &TranslationWindow::exampleRequested, this, &TranslateActions::openExample);
        connect(m_view, &TranslationWindow::crossHeadRequested, this, &TranslateActions::openCrossHead);
    }
    return m_view;
}

void TranslateActions::showView()
{
    view()->show();
    m_view->raise();
    m_view->activateWindow();
}

void TranslateActions::openExample()
{
    showView();
    QString problem;
    const QString demo = demoModelFolder(&problem);
    if (!problem.isEmpty())
        m_view->statusLabel()->setText(problem);
    m_view->openExample(demo);
}

bool TranslateActions::openCrossHead(int layer, int head)
{
    const TranslationRun *run = m_view ? m_view->run() : nullptr;
    const core::translate::TranslationModel *model = run ? run->model() : nullptr;
    if (!m_board || !model || run->isBusy() || run->result().translation.generated.empty())
        return false;
    const core::translate::Translation &t = run->result().translation;
    std::vector<int> target {model->rules().decoderStart};
    for (size_t i = 0; i + 1 < t.generated.size(); ++i)
        target.push_back(t.generated[i].id);
    try {
        m_board->load(core::translate::crossHeadScene(*model, t.sourceIds, target, layer, head));
    } catch (const std::exception &e) {
        m_view->statusLabel()->setText(QString::fromStdString(e.what()));
        return false;
    }
    m_view->statusLabel()->setText(
        tr("Cross-attention layer %1, head %2 is on the pipeline board.").arg(layer + 1).arg(head + 1));
    m_window->raise();
    m_window->activateWindow();
    return true;
}

QString TranslateActions::demoModelFolder(QString *problem)
{
    const QString dir
        = QStandardPaths::writableLocation(QStandardPaths::CacheLocation) + QStringLiteral("/demo-marian");
    if (QFile::exists(dir + QStringLiteral("/model.safetensors")))
        return dir;
    if (!QDir().mkpath(dir)) {
        if (problem)
            *problem = tr("Cannot create %1 for the demo model.").arg(dir);
        return {};
    }
    for (const char *name : {"source.spm", "target.spm", "vocab.json"}) {
        const QString target = dir + QLatin1Char('/') + QLatin1String(name);
        QFile::remove(target);
        if (!QFile::copy(QStringLiteral(":/translate/demo/") + QLatin1String(name), target)) {
            if (problem)
                *problem = tr("Cannot write %1 for the demo model.").arg(target);
            return {};
        }
        QFile::setPermissions(target, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    }
    try {
        core::translate::writeDemoMarian(QFile::encodeName(dir).toStdString());
    } catch (const std::exception &e) {
        if (problem)
            *problem = QString::fromStdString(e.what());
        return {};
    }
    return dir;
}

bool TranslateActions::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && event->type() == QEvent::LanguageChange)
        retranslate();
    return QObject::eventFilter(watched, event);
}

void TranslateActions::retranslate()
{
    m_translate->setText(tr("&Translate…"));
    m_translate->setToolTip(tr("Translate with a Marian (opus-mt) model and see each target token's cross-attention "
                               "over the source (Ctrl+Shift+T)"));
    m_example->setText(tr("猫吃鱼 — translate it"));
    m_example->setToolTip(tr("Open the translation view with opus-mt-zh-en from the Hugging Face cache (or the "
                             "built-in demo model) and translate 猫吃鱼"));
}

} // namespace attnlab::ui
