#include "ui/model/modelactions.h"

#include "core/chat/chatprompt.h"
#include "core/gguf/modellist.h"
#include "core/model/hubcache.h"
#include "ui/i18n/coremessages.h"
#include "ui/i18n/localizedfiledialog.h"
#include "ui/i18n/modelpathdialog.h"
#include "ui/i18n/sizetext.h"
#include "ui/model/modelroom.h"
#include "ui/model/modelsession.h"

#include <QAction>
#include <QFileInfo>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QProgressDialog>
#include <QSettings>

#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

namespace attnlab::ui {

namespace {
const QString kLastFolderKey = QStringLiteral("model/lastFolder");
const QString kLastFileKey = QStringLiteral("model/lastGgufFile");

std::string cacheDir()
{
    return core::model::hubCacheDir([](const char *name) -> const char * { return std::getenv(name); });
}
} // namespace

ModelActions::ModelActions(Document *document, QWidget *window)
    : QObject(window)
    , m_window(window)
    , m_session(new ModelSession(this))
    , m_room(new ModelRoom(m_session, document, window))
    , m_open(new QAction(this))
    , m_openFile(new QAction(this))
    , m_cacheMenu(new QMenu(window))
    , m_classroom(new QAction(m_room)) // listed under the room in Help → Keyboard Shortcuts
{
    m_cacheMenu->setToolTipsVisible(true);
    connect(m_cacheMenu, &QMenu::aboutToShow, this, &ModelActions::fillCacheMenu);
    connect(m_cacheMenu, &QMenu::aboutToShow, this, &ModelActions::refreshClassroom);
    m_classroom->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    connect(m_classroom, &QAction::triggered, this, &ModelActions::openClassroomExample);
    m_room->addToolBarAction(m_classroom);
    refreshClassroom();
    m_open->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    connect(m_open, &QAction::triggered, this, &ModelActions::openInteractive);
    connect(m_openFile, &QAction::triggered, this, &ModelActions::openFileInteractive);

    connect(m_session, &ModelSession::busyChanged, this, [this](bool busy) {
        // A generated token's pass: the Generate panel shows its progress beside its Stop.
        if (busy && m_session->isRunningAppendedToken())
            return;
        if (busy) {
            // Shown only when the job takes longer than half a second.
            if (!m_progress) {
                m_progress = new QProgressDialog(m_window);
                m_progress->setWindowModality(Qt::WindowModal);
                m_progress->setMinimumDuration(500);
                m_progress->setRange(0, 1000);
                m_progress->setAutoClose(false);
                m_progress->setAutoReset(false);
                connect(m_progress, &QProgressDialog::canceled, m_session, &ModelSession::cancel);
            }
            const QString job = m_session->jobText();
            m_progress->setLabelText(m_session->isLoading() ? tr("Opening the model…")
                    : job.isEmpty()                         ? tr("Running the model…")
                                                            : job);
            m_progress->setCancelButtonText(tr("Cancel"));
            m_progress->setValue(0);
        } else if (m_progress) {
            m_progress->reset();
            m_progress->hide();
        }
    });
    connect(m_session, &ModelSession::progress, this, [this](double fraction) {
        if (m_progress && m_session->isBusy() && !m_session->isRunningAppendedToken())
            m_progress->setValue(int(std::lround(fraction * 1000)));
    });
    connect(m_session, &ModelSession::loadFailed, this, [this] {
        showError([problem = *m_session->loadProblem()] {
            return tr("The model could not be opened:\n%1").arg(fileProblemText(problem));
        });
    });
    connect(m_session, &ModelSession::notice, this, [this](const QString &text) {
        m_lastNotice = text;
        if (!m_quiet)
            QMessageBox::information(m_window, tr("Open Model"), text);
    });
    connect(m_session, &ModelSession::loadCancelled, this,
        [this] { Q_EMIT statusMessage(tr("Opening the model was cancelled.")); });
    connect(m_session, &ModelSession::modelLoaded, this, [this] {
        refreshClassroom();
        m_lastError = nullptr;
        m_lastNotice.clear();
        Q_EMIT modelOpened();
        Q_EMIT statusMessage(tr("Opened %1 (%2 layers × %3 heads) from %4")
                                 .arg(m_session->modelName())
                                 .arg(m_session->config()->layers)
                                 .arg(m_session->config()->heads)
                                 .arg(m_session->filePath()));
    });
    retranslate();
}

void ModelActions::retranslate()
{
    m_open->setText(tr("Open &Model…"));
    m_open->setToolTip(
        tr("Open a GPT-2, BERT, Qwen2, Qwen3, Qwen3-MoE, Llama, Gemma 2 or Gemma 3 checkpoint folder (config.json, "
           "model.safetensors, tokenizer.json) or a .gguf file and see its real attention (Ctrl+Shift+M)"));
    m_openFile->setText(tr("Open &GGUF Model File…"));
    m_openFile->setToolTip(tr("Open one .gguf file as llama.cpp, Ollama and LM Studio keep a model (a Llama, Qwen2 "
                              "or Qwen3, quantized or not) and see its real attention"));
    m_classroom->setText(tr("Chat: 猫吃鱼 with Qwen2.5"));
    m_classroom->setToolTip(tr("Open Qwen2.5-0.5B-Instruct from the Hugging Face cache with 猫吃鱼 as a user's chat "
                               "turn in its chat template, ready for the model's answer (Ctrl+Shift+F)"));
    m_cacheMenu->setTitle(tr("Open a Model on &This Machine"));
    m_cacheMenu->setToolTip(tr("The models already on this computer: the Hugging Face cache by hub id, Ollama's "
                               "by name:tag, LM Studio's GGUF files, each with its family, quantization and size"));
}

void ModelActions::open(const QString &dir, const QString &text, ModelSession::TextKind kind, bool askFirst)
{
    if (m_session->isBusy()) {
        showError([] { return tr("The model is still busy; wait or press Cancel."); });
        return;
    }
    if (askFirst && m_beforeOpen && !m_beforeOpen())
        return;
    m_session->open(dir, text.isEmpty() ? QString() : text, kind);
}

void ModelActions::openInteractive()
{
    // One dialog for both kinds: a checkpoint folder or a .gguf file.
    QSettings settings;
    const QString path = ModelPathDialog::getModelPath(m_window, tr("Open Model Folder or GGUF File"),
        settings.value(kLastFolderKey).toString(), tr("Model folders and GGUF files (*.gguf);;All files (*)"));
    if (path.isEmpty())
        return;
    settings.setValue(kLastFolderKey, QFileInfo(path).isDir() ? path : QFileInfo(path).absolutePath());
    open(path);
}

void ModelActions::openFileInteractive()
{
    QSettings settings;
    const QString file = LocalizedFileDialog::getOpenFileName(m_window, tr("Open GGUF Model File"),
        settings.value(kLastFileKey).toString(), tr("GGUF files (*.gguf);;All files (*)"));
    if (file.isEmpty())
        return;
    settings.setValue(kLastFileKey, file);
    open(file);
}

QString ModelActions::classroomSnapshot() const
{
    const core::model::HubModel found = core::model::findHubModel(cacheDir(), kClassroomModel);
    return found.status == core::model::HubModel::Status::Found ? QString::fromStdString(found.snapshot) : QString();
}

void ModelActions::refreshClassroom()
{
    m_classroom->setVisible(!classroomSnapshot().isEmpty());
}

void ModelActions::openClassroomExample()
{
    const QString snapshot = classroomSnapshot();
    refreshClassroom();
    if (snapshot.isEmpty())
        return;
    // transformers' apply_chat_template writes the special tokens through the template and
    // encodes the prompt without the post-processor's: the session does the same for a chat prompt.
    try {
        const std::string prompt = core::chat::chatPromptForUserTurn(snapshot.toStdString(), "猫吃鱼");
        open(snapshot, QString::fromStdString(prompt), ModelSession::TextKind::ChatPrompt);
    } catch (const core::chat::ChatTemplateError &e) {
        showError(
            [problem = e.problem()] { return tr("The model could not be opened:\n%1").arg(fileProblemText(problem)); });
    }
}

void ModelActions::fillCacheMenu()
{
    m_cacheMenu->clear();
    const core::gguf::ModelStores stores
        = core::gguf::modelStores([](const char *name) -> const char * { return std::getenv(name); });
    const std::vector<core::gguf::ListedModel> models = core::gguf::listModels(stores);
    const QLocale locale;
    QString section;
    for (const core::gguf::ListedModel &m : models) {
        const QString source = m.source == "ollama" ? tr("Ollama")
            : m.source == "lmstudio"                ? tr("LM Studio")
                                                    : tr("Hugging Face cache");
        if (source != section) {
            m_cacheMenu->addSection(source);
            section = source;
        }
        // What a learner knows the model by, then what it is and how big.
        QStringList facts;
        for (const std::string &fact : {m.family, m.quantization})
            if (!fact.empty())
                facts << QString::fromStdString(fact);
        if (m.bytes > 0)
            facts << sizeText(std::int64_t(m.bytes));
        const QString path = QString::fromStdString(m.path);
        QAction *a = m_cacheMenu->addAction(QString::fromStdString(m.id)
                + (facts.isEmpty() ? QString() : QStringLiteral("  (%1)").arg(facts.join(QStringLiteral(", ")))),
            this, [this, path] { open(path); });
        a->setData(QString::fromStdString(m.id));
        a->setToolTip(path);
    }
    if (models.empty()) {
        QAction *none = m_cacheMenu->addAction(
            tr("No models in %1, %2 or %3")
                .arg(QString::fromStdString(stores.hubCache), QString::fromStdString(stores.ollama),
                    QString::fromStdString(stores.lmStudio.front())));
        none->setEnabled(false);
        none->setToolTip(tr("Models downloaded with huggingface-cli or transformers, pulled with Ollama or "
                            "downloaded in LM Studio appear here; Attention Lab itself never downloads"));
    }
}

void ModelActions::showError(std::function<QString()> text)
{
    m_lastError = std::move(text);
    if (!m_quiet)
        QMessageBox::warning(m_window, tr("Open Model"), m_lastError());
}

} // namespace attnlab::ui
