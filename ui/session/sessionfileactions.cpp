#include "ui/session/sessionfileactions.h"

#include "core/json/textfile.h"
#include "core/model/family/blocktensor.h"
#include "ui/i18n/coremessages.h"
#include "ui/i18n/localizedfiledialog.h"
#include "ui/model/modelactions.h"
#include "ui/model/modelcommands.h"
#include "ui/model/modelsession.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QPushButton>
#include <QSaveFile>
#include <QSettings>
#include <QUndoStack>

#include <vector>

namespace attnlab::ui {

namespace {

const QString kLastSessionKey = QStringLiteral("model/lastSessionFile");
constexpr std::uint64_t kMaxSessionBytes = std::uint64_t(256) << 20;

void addCells(const QUndoCommand *command, std::vector<core::session::SessionCells> &out)
{
    if (const auto *cells = dynamic_cast<const BlockCellsCommand *>(command)) {
        if (!cells->afterValues())
            return;
        const BlockCellsPlace &p = cells->place();
        out.push_back({p.layer, core::model::blockTensorSpec(p.tensor).key, p.row, p.col, *cells->afterValues()});
        return;
    }
    for (int i = 0; i < command->childCount(); ++i)
        addCells(command->child(i), out);
}

} // namespace

core::session::ModelSessionFile captureModelSession(const ModelSession &session)
{
    core::session::ModelSessionFile s;
    s.model = QDir::toNativeSeparators(session.filePath()).toStdString();
    s.text = session.text().toStdString();
    s.chatPrompt = session.textKind() == ModelSession::TextKind::ChatPrompt;
    const core::Matrix mask = session.headMask();
    if (mask.size() > 0 && (mask.array() != 1).any())
        s.headMask = mask;
    const QUndoStack *stack = session.undoStack();
    for (int i = 0; i < stack->index(); ++i)
        addCells(stack->command(i), s.cells);
    s.cacheWindow = session.cacheWindow();
    s.cacheSinks = session.cacheSinks();
    s.selectedLayer = std::max(0, session.selectedLayer());
    s.selectedHead = std::max(0, session.selectedHead());
    return s;
}

SessionFileActions::SessionFileActions(ModelActions *model, QWidget *window)
    : QObject(window)
    , m_model(model)
    , m_session(model->session())
    , m_window(window)
    , m_save(new QAction(this))
    , m_open(new QAction(this))
{
    m_save->setEnabled(false);
    connect(m_save, &QAction::triggered, this, &SessionFileActions::saveInteractive);
    connect(m_open, &QAction::triggered, this, &SessionFileActions::openInteractive);
    connect(m_session, &ModelSession::modelLoaded, this, [this] { m_save->setEnabled(true); });
    // After the session has set the model's text, so the edits queue behind its first pass.
    connect(m_session, &ModelSession::modelLoaded, this, &SessionFileActions::restorePending, Qt::QueuedConnection);
    connect(m_session, &ModelSession::loadFailed, this, [this] { m_pending.reset(); });
    connect(m_session, &ModelSession::loadCancelled, this, [this] { m_pending.reset(); });
    // Every open goes through this question first (a new model clears the history).
    m_model->setBeforeOpen([this] { return maybeKeepEdits(); });
    retranslate();
}

void SessionFileActions::retranslate()
{
    m_save->setText(tr("Save Mo&del Session…"));
    m_save->setToolTip(tr("Save what you did to the open model — heads switched off, weights edited, the text and "
                          "the cache policy — to a file that opens the model again with the same changes"));
    m_open->setText(tr("Open Mode&l Session…"));
    m_open->setToolTip(tr("Open a saved model session: its model opens and its changes are made again"));
}

void SessionFileActions::showError(std::function<QString()> text)
{
    m_lastError = text;
    if (!m_quiet)
        QMessageBox::warning(m_window, tr("Model Session"), text());
}

bool SessionFileActions::saveTo(const QString &path)
{
    if (!m_session->hasModel()) {
        showError([] { return tr("No model is open, so there is no session to save."); });
        return false;
    }
    const std::string text = core::session::writeModelSession(captureModelSession(*m_session));
    // QSaveFile renames its temporary file over the target only when everything was written.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text.data(), qint64(text.size())) != qint64(text.size())
        || !file.commit()) {
        showError([path, why = file.errorString()] {
            return tr("%1 could not be written: %2").arg(QDir::toNativeSeparators(path), why);
        });
        return false;
    }
    m_session->undoStack()->setClean();
    m_lastError = nullptr;
    Q_EMIT statusMessage(tr("Saved the model session to %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

bool SessionFileActions::openFile(const QString &path)
{
    const QString shown = QDir::toNativeSeparators(path);
    const core::FileText bytes = core::readFileText(path.toStdString(), kMaxSessionBytes);
    if (!bytes.ok()) {
        showError([shown] { return tr("%1 could not be read.").arg(shown); });
        return false;
    }
    core::session::ModelSessionRead read = core::session::parseModelSession(bytes.text);
    if (!read.session) {
        showError([shown, problem = *read.problem] {
            return tr("%1 is not a model session this Attention Lab can open:\n%2")
                .arg(shown, problemText(QFileInfo(shown).fileName(), problem));
        });
        return false;
    }
    QString model = QString::fromStdString(read.session->model);
    // A relative model path is relative to the session file, so a folder of both can move.
    if (QFileInfo(model).isRelative() && QFileInfo::exists(QFileInfo(path).dir().filePath(model)))
        model = QFileInfo(path).dir().filePath(model);
    if (!QFileInfo::exists(model) && !model.contains(QLatin1Char(':'))) {
        showError([shown, model] {
            return tr("%1: model: %2 does not exist on this computer.").arg(shown, QDir::toNativeSeparators(model));
        });
        return false;
    }
    if (!maybeKeepEdits())
        return false;
    m_pending = std::move(read.session);
    m_pendingPath = path;
    m_model->open(model, QString::fromStdString(m_pending->text),
        m_pending->chatPrompt ? ModelSession::TextKind::ChatPrompt : ModelSession::TextKind::Sentence,
        /*askFirst=*/false);
    if (!m_session->isLoading()) {
        m_pending.reset();
        return false;
    }
    return true;
}

void SessionFileActions::restorePending()
{
    if (!m_pending)
        return;
    const core::session::ModelSessionFile s = std::move(*m_pending);
    m_pending.reset();
    const QString file = QFileInfo(m_pendingPath).fileName();
    const core::model::ModelConfig *config = m_session->config();
    std::function<QString()> problem;
    std::vector<CellsEdit> edits;
    for (std::size_t i = 0; i < s.cells.size() && !problem; ++i) {
        const core::session::SessionCells &c = s.cells[i];
        const CellsEdit edit {{c.layer, *core::session::sessionTensor(c.tensor), c.row, c.col}, c.values};
        if (!m_session->cellsFit(edit))
            problem = [file, i] {
                return tr("%1: cells[%2]: these cells do not lie in this model's weights.").arg(file).arg(i);
            };
        edits.push_back(edit);
    }
    if (!problem && s.headMask.size() > 0
        && (s.headMask.rows() != config->layers || s.headMask.cols() != config->heads))
        problem = [file, rows = s.headMask.rows(), cols = s.headMask.cols(), config] {
            return tr("%1: head_mask: %2 × %3, but the model has %4 layers × %5 heads.")
                .arg(file)
                .arg(rows)
                .arg(cols)
                .arg(config->layers)
                .arg(config->heads);
        };
    if (problem) {
        showError([problem] { return tr("The model opened without the session's changes.\n%1").arg(problem()); });
        Q_EMIT sessionRestored(problem());
        return;
    }
    // One history entry for the file's changes: Undo takes the model back to its checkpoint.
    QUndoStack *stack = m_session->undoStack();
    if (s.headMask.size() > 0 || !edits.empty()) {
        auto *group = new TranslatedCommand([file] { return tr("Changes from %1").arg(file); });
        group->retranslate();
        if (s.headMask.size() > 0)
            new HeadMaskCommand(
                m_session, m_session->headMask(), s.headMask,
                [file] { return tr("Heads switched off in %1").arg(file); }, group);
        for (const CellsEdit &e : edits)
            new BlockCellsCommand(
                m_session, e.place, e.values, [file] { return tr("Weights edited in %1").arg(file); }, 0, false, group);
        stack->push(group);
    }
    stack->setClean();
    m_session->setCachePolicy(s.cacheWindow, s.cacheSinks);
    if (s.selectedLayer < config->layers && s.selectedHead < config->heads)
        m_session->setSelectedHead(s.selectedLayer, s.selectedHead);
    QSettings().setValue(kLastSessionKey, m_pendingPath);
    Q_EMIT statusMessage(tr("Opened the model session %1").arg(QDir::toNativeSeparators(m_pendingPath)));
    Q_EMIT sessionRestored(QString());
}

bool SessionFileActions::maybeKeepEdits()
{
    if (!m_session->hasModel() || !m_session->isModified())
        return true;
    QMessageBox::StandardButton answer;
    if (m_testAnswer) {
        answer = *m_testAnswer;
    } else if (m_quiet) {
        answer = QMessageBox::Cancel;
    } else {
        QMessageBox box(QMessageBox::Question, tr("Unsaved Model Changes"),
            tr("The open model has changes that are not saved (the latest: “%1”).\nThey are lost unless you save them "
               "as "
               "a model session.")
                .arg(m_session->undoStack()->undoText()),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, m_window);
        box.button(QMessageBox::Save)->setText(tr("Save Session…"));
        box.setDefaultButton(QMessageBox::Save);
        answer = QMessageBox::StandardButton(box.exec());
    }
    switch (answer) {
    case QMessageBox::Save:
        if (m_testAnswer) // tests save through saveTo()
            return false;
        saveInteractive();
        return !m_session->isModified();
    case QMessageBox::Discard:
        return true;
    default:
        return false;
    }
}

void SessionFileActions::saveInteractive()
{
    QSettings settings;
    QString suggested = settings.value(kLastSessionKey).toString();
    const QString name = QFileInfo(m_session->filePath()).fileName();
    suggested = QFileInfo(suggested.isEmpty() ? QDir::homePath() : QFileInfo(suggested).path()).absoluteFilePath()
        + QLatin1Char('/') + (name.isEmpty() ? QStringLiteral("model") : name) + QStringLiteral(".attnmodel.json");
    QString path = LocalizedFileDialog::getSaveFileName(
        m_window, tr("Save Model Session"), suggested, tr("Model sessions (*.attnmodel.json)"));
    if (path.isEmpty())
        return;
    if (!path.endsWith(QStringLiteral(".json")))
        path += QStringLiteral(".attnmodel.json");
    if (saveTo(path))
        settings.setValue(kLastSessionKey, path);
}

void SessionFileActions::openInteractive()
{
    if (!maybeKeepEdits())
        return;
    const QString path = LocalizedFileDialog::getOpenFileName(m_window, tr("Open Model Session"),
        QSettings().value(kLastSessionKey).toString(), tr("Model sessions (*.attnmodel.json);;JSON files (*.json)"));
    if (!path.isEmpty())
        openFile(path);
}

} // namespace attnlab::ui
