#include "ui/editors/matrixeditordock.h"

#include "ui/document/document.h"
#include "ui/editors/matrixmodel.h"
#include "ui/editors/matrixtableview.h"

#include <QEvent>
#include <QLabel>
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
    }
    return {};
}

std::vector<MatrixId> matricesOf(const core::Scene &scene)
{
    std::vector<MatrixId> out;
    for (MatrixId id : {MatrixId::Embeddings, MatrixId::WQ, MatrixId::WK, MatrixId::WV, MatrixId::WO, MatrixId::DirectQ,
             MatrixId::DirectK, MatrixId::DirectV})
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
    rebuild();
    retranslate();
}

void MatrixEditorDock::retranslate()
{
    setWindowTitle(tr("Matrices"));
    setToolTip(tr("Edit the embeddings and weights; every stage recomputes at once."));
    m_message->setToolTip(tr("What happened to the last edit."));
    for (int i = 0; i < m_tabs->count() && i < int(m_matrices.size()); ++i) {
        m_tabs->setTabText(i, tabTitle(m_matrices[size_t(i)]));
        m_tabs->setTabToolTip(i, tabToolTip(m_matrices[size_t(i)]));
    }
    showMessage(QString(), false);
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
