#include "ui/editors/matrixeditordock.h"

#include "ui/document/document.h"
#include "ui/editors/matrixmodel.h"
#include "ui/editors/matrixtableview.h"
#include "ui/i18n/localizedfiledialog.h"

#include "core/json/matrixfile.h"
#include "ui/i18n/coremessages.h"

#include <QAction>
#include <QEvent>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QSettings>
#include <QTabWidget>
#include <QVBoxLayout>

namespace attnlab::ui {

namespace {

QString tabTitle(MatrixId id)
{
    return id == MatrixId::Embeddings ? MatrixEditorDock::tr("Embeddings") : matrixKey(id);
}

QString tabToolTip(MatrixId id)
{
    switch (id) {
    case MatrixId::Embeddings:
        return MatrixEditorDock::tr("The embedding table: one row per distinct token, d_model columns.");
    case MatrixId::WQ:
        return MatrixEditorDock::tr("Query weights: Q = X·W_Q (d_model rows, heads·d_k columns).");
    case MatrixId::WK:
        return MatrixEditorDock::tr("Key weights: K = X·W_K (d_model rows, heads·d_k columns).");
    case MatrixId::WV:
        return MatrixEditorDock::tr("Value weights: V = X·W_V (d_model rows, heads·d_k columns).");
    case MatrixId::WO:
        return MatrixEditorDock::tr("Output weights: output = concat·W_O (heads·d_k rows, d_model columns).");
    case MatrixId::DirectQ:
        return MatrixEditorDock::tr("The queries, given directly: one row per token.");
    case MatrixId::DirectK:
        return MatrixEditorDock::tr("The keys, given directly: one row per token.");
    case MatrixId::DirectV:
        return MatrixEditorDock::tr("The values, given directly: one row per token.");
    case MatrixId::X:
        return MatrixEditorDock::tr("The attention input, given directly: one row per token, d_model columns. In a "
                                    "head taken from a model it is what that layer's attention reads.");
    case MatrixId::BQ:
        return MatrixEditorDock::tr("Query bias: Q = X·W_Q + b_Q (one value per column of W_Q).");
    case MatrixId::BK:
        return MatrixEditorDock::tr("Key bias: K = X·W_K + b_K (one value per column of W_K).");
    case MatrixId::BV:
        return MatrixEditorDock::tr("Value bias: V = X·W_V + b_V (one value per column of W_V).");
    case MatrixId::BO:
        return MatrixEditorDock::tr("Output bias: output = concat·W_O + b_O (one value per column of W_O).");
    }
    return {};
}

std::vector<MatrixId> matricesOf(const core::Scene &scene)
{
    std::vector<MatrixId> out;
    for (MatrixId id :
        {MatrixId::X, MatrixId::Embeddings, MatrixId::WQ, MatrixId::WK, MatrixId::WV, MatrixId::WO, MatrixId::BQ,
            MatrixId::BK, MatrixId::BV, MatrixId::BO, MatrixId::DirectQ, MatrixId::DirectK, MatrixId::DirectV})
        if (hasMatrix(scene, id))
            out.push_back(id);
    return out;
}

} // namespace

MatrixEditorDock::MatrixEditorDock(Document *document, QWidget *parent)
    : Retranslating<QDockWidget>(parent)
    , m_document(document)
    , m_tabs(new QTabWidget)
    , m_message(new QLabel)
    , m_import(new QAction(this))
{
    setObjectName(QStringLiteral("MatrixEditorDock"));
    auto *body = new QWidget;
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_message);
    m_message->setWordWrap(true);
    m_tabs->setDocumentMode(true);
    setWidget(body);
    connect(m_document, &Document::sceneReset, this, &MatrixEditorDock::rebuild);
    connect(m_document, &Document::sceneChanged, this, &MatrixEditorDock::onSceneChanged);
    connect(m_import, &QAction::triggered, this, &MatrixEditorDock::importInteractively);
    m_import->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I));
    rebuild();
    retranslate();
}

void MatrixEditorDock::retranslate()
{
    setWindowTitle(tr("Matrices"));
    setToolTip(tr("Edit the embeddings and weights; every stage recomputes at once."));
    m_message->setToolTip(tr("What happened to the last edit."));
    m_import->setText(tr("&Import Matrix…"));
    m_import->setToolTip(tr("Replace the matrix of the front editor tab with a CSV table or a NumPy .npy array of "
                            "the same shape. Ctrl+C / Ctrl+V in the editor copy and paste cell ranges."));
    for (int i = 0; i < m_tabs->count() && i < int(m_matrices.size()); ++i) {
        m_tabs->setTabText(i, tabTitle(m_matrices[size_t(i)]));
        m_tabs->setTabToolTip(i, tabToolTip(m_matrices[size_t(i)]));
    }
    showMessage(QString(), false);
}

MatrixId MatrixEditorDock::currentMatrix() const
{
    const int tab = m_tabs->currentIndex();
    return tab >= 0 && size_t(tab) < m_matrices.size() ? m_matrices[size_t(tab)] : MatrixId::Embeddings;
}

void MatrixEditorDock::setCurrentMatrix(MatrixId matrix)
{
    for (size_t i = 0; i < m_matrices.size(); ++i)
        if (m_matrices[i] == matrix)
            m_tabs->setCurrentIndex(int(i));
}

bool MatrixEditorDock::importMatrix(const QString &path)
{
    const MatrixId id = currentMatrix();
    MatrixTableView *target = view(id);
    const QString name = QFileInfo(path).fileName();
    QFile file(path);
    // The largest matrix a scene allows is 4096 × 8192 floats; its text is well under 1 GB.
    constexpr qint64 kMaxBytes = qint64(1) << 30;
    if (!target || !file.open(QIODevice::ReadOnly)) {
        showMessage(tr("Not imported: %1 cannot be read (%2).").arg(name, file.errorString()), true);
        return false;
    }
    if (file.size() > kMaxBytes) {
        showMessage(tr("Not imported: %1 is larger than 1 GB.").arg(name), true);
        return false;
    }
    const std::string bytes = file.readAll().toStdString();
    const bool npy = QFileInfo(path).suffix().compare(QLatin1String("npy"), Qt::CaseInsensitive) == 0;
    const core::MatrixReadResult read = npy ? core::parseNpy(bytes) : core::parseMatrixText(bytes);
    if (!read.ok()) {
        showMessage(tr("Not imported: %1: %2.").arg(name, coreMessageText(*read.error)), true);
        return false;
    }
    const auto current = matrixRef(m_document->scene(), id);
    if (read.matrix.rows() != current.rows() || read.matrix.cols() != current.cols()) {
        showMessage(tr("Not imported: %1 holds %2 × %3 values, but %4 is %5 × %6.")
                        .arg(name)
                        .arg(read.matrix.rows())
                        .arg(read.matrix.cols())
                        .arg(matrixKey(id))
                        .arg(current.rows())
                        .arg(current.cols()),
            true);
        return false;
    }
    auto *model = static_cast<MatrixModel *>(target->model());
    if (!model->replaceBlock(
            0, 0, read.matrix, [id, name] { return tr("Import %1 from %2").arg(matrixKey(id), name); }))
        return false;
    showMessage(tr("Imported %1 from %2.").arg(matrixKey(id), name), false);
    return true;
}

void MatrixEditorDock::importInteractively()
{
    QSettings settings;
    const QString path
        = LocalizedFileDialog::getOpenFileName(this, tr("Import into %1").arg(matrixKey(currentMatrix())),
            settings.value(QStringLiteral("importMatrixDir")).toString(),
            tr("Matrices (*.csv *.tsv *.txt *.npy);;All files (*)"));
    if (path.isEmpty())
        return;
    settings.setValue(QStringLiteral("importMatrixDir"), QFileInfo(path).absolutePath());
    raise();
    importMatrix(path);
}

MatrixTableView *MatrixEditorDock::view(MatrixId matrix) const
{
    for (size_t i = 0; i < m_matrices.size(); ++i)
        if (m_matrices[i] == matrix)
            return m_views[i];
    return nullptr;
}

QString MatrixEditorDock::message() const
{
    return m_message->text();
}

void MatrixEditorDock::onSceneChanged(const core::Edit &edit)
{
    if (edit.target == core::Edit::Target::Everything && matricesOf(m_document->scene()) != m_matrices)
        rebuild();
    else if (edit.target != core::Edit::Target::Everything)
        showMessage(QString(), false);
}

void MatrixEditorDock::rebuild()
{
    const std::vector<MatrixId> wanted = matricesOf(m_document->scene());
    if (wanted == m_matrices)
        return;
    const MatrixId current
        = m_tabs->currentIndex() >= 0 ? m_matrices[size_t(m_tabs->currentIndex())] : MatrixId::Embeddings;
    while (m_tabs->count() > 0) {
        QWidget *w = m_tabs->widget(0);
        m_tabs->removeTab(0);
        delete w;
    }
    m_matrices = wanted;
    m_views.clear();
    for (MatrixId id : m_matrices) {
        auto *model = new MatrixModel(m_document, id, this);
        auto *view = new MatrixTableView(model, m_tabs);
        model->setParent(view);
        connect(model, &MatrixModel::inputRefused, this, [this](const QString &why) { showMessage(why, true); });
        connect(view, &MatrixTableView::typedTextChecked, this,
            [this](const QString &error) { showMessage(error, !error.isEmpty()); });
        const int tab = m_tabs->addTab(view, tabTitle(id));
        m_tabs->setTabToolTip(tab, tabToolTip(id));
        m_views.push_back(view);
        if (id == current)
            m_tabs->setCurrentIndex(tab);
    }
}

void MatrixEditorDock::showMessage(const QString &text, bool error)
{
    if (text.isEmpty()) {
        m_message->setStyleSheet(QString());
        m_message->setText(tr("Drag sideways on a cell to scrub it; the wheel scrubs the selected cell."));
        return;
    }
    m_message->setStyleSheet(error ? QStringLiteral("color: #b2182b;") : QString());
    m_message->setText(text);
}

} // namespace attnlab::ui
