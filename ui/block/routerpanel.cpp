#include "ui/block/routerpanel.h"

#include "ui/plot/matrixplot.h"

#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

namespace attnlab::ui {

namespace {

QStringList numbered(const QString &prefix, int count)
{
    QStringList labels;
    for (int i = 0; i < count; ++i)
        labels << prefix + QString::number(i);
    return labels;
}

MatrixPlot *newPlot(MatrixPlot::Palette palette, const QString &exportName, bool probability)
{
    auto *plot = new MatrixPlot;
    plot->setPalette(palette);
    if (probability)
        plot->setFixedRange(0, 1);
    plot->setShowValues(false);
    plot->setMinimumSize(180, 160);
    plot->setExportName(exportName);
    return plot;
}

} // namespace

RouterPanel::RouterPanel(QWidget *parent)
    : Retranslating<QFrame>(parent)
    , m_title(new QLabel)
    , m_text(new QLabel)
    , m_tokenLine(new QLabel)
    , m_logits(newPlot(MatrixPlot::Palette::Diverging, QStringLiteral("router_logits"), false))
    , m_probabilities(newPlot(MatrixPlot::Palette::Sequential, QStringLiteral("router_softmax"), true))
    , m_dispatch(newPlot(MatrixPlot::Palette::Sequential, QStringLiteral("router_topk"), true))
    , m_outputs(newPlot(MatrixPlot::Palette::Diverging, QStringLiteral("expert_outputs"), false))
{
    setObjectName(QStringLiteral("RouterPanel"));
    setFrameShape(QFrame::StyledPanel);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::PlainText);
    m_tokenLine->setWordWrap(true);
    m_tokenLine->setTextFormat(Qt::PlainText);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_title);
    layout->addWidget(m_text);
    auto *plots = new QGridLayout;
    plots->addWidget(m_logits, 0, 0);
    plots->addWidget(m_probabilities, 0, 1);
    plots->addWidget(m_dispatch, 0, 2);
    plots->addWidget(m_outputs, 0, 3);
    plots->setColumnStretch(3, 2);
    layout->addLayout(plots, 1);
    layout->addWidget(m_tokenLine);
    for (MatrixPlot *plot : {m_logits, m_probabilities, m_dispatch})
        connect(plot, &MatrixPlot::cellClicked, this, [this](int row, int) { selectToken(row); });
    hide();
    retranslate();
}

void RouterPanel::setRouting(const core::model::MoeRouting &routing, const core::model::MoeParts &parts,
    const core::Matrix &mlpOut, const QStringList &tokens)
{
    m_routing = routing;
    m_parts = parts;
    m_mlpOut = mlpOut;
    m_tokens = tokens;
    setVisible(hasRouting());
    if (!hasRouting()) {
        m_token = -1;
        return;
    }
    const int experts = int(routing.logits.cols());
    const QStringList columns = numbered(QStringLiteral("E"), experts);
    m_logits->setMatrix(routing.logits, tokens, columns);
    m_probabilities->setMatrix(parts.probabilities, tokens, columns);
    // The per-layer heatmap of which token went to which expert: the renormalised weight of each
    // chosen expert, 0 for the others.
    core::Matrix dispatch = core::Matrix::Zero(routing.logits.rows(), experts);
    for (Eigen::Index r = 0; r < routing.experts.rows(); ++r)
        for (Eigen::Index j = 0; j < routing.experts.cols(); ++j)
            dispatch(r, routing.experts(r, j)) = routing.weights(r, j);
    m_dispatch->setMatrix(dispatch, tokens, columns);
    const int n = int(routing.logits.rows());
    selectToken(m_token >= 0 && m_token < n ? m_token : n - 1);
    retranslate();
}

bool RouterPanel::selectToken(int row)
{
    if (!hasRouting() || row < 0 || row >= m_routing.logits.rows() || m_parts.outputs.empty())
        return false;
    m_token = row;
    const Eigen::Index k = m_routing.experts.cols();
    core::Matrix rows(k + 1, m_mlpOut.cols());
    for (Eigen::Index j = 0; j < k; ++j)
        rows.row(j) = m_parts.outputs[size_t(j)].row(row);
    rows.row(k) = m_mlpOut.row(row);
    m_outputs->setMatrix(rows, outputLabels(), numbered(QString(), int(m_mlpOut.cols())));
    for (MatrixPlot *plot : {m_logits, m_probabilities, m_dispatch})
        plot->setHighlightedRow(row);
    m_tokenLine->setText(tokenLine());
    return true;
}

QStringList RouterPanel::outputLabels() const
{
    QStringList labels;
    if (m_token < 0)
        return labels;
    const QLocale locale;
    for (Eigen::Index j = 0; j < m_routing.experts.cols(); ++j)
        labels << QStringLiteral("E%1 · %2")
                      .arg(m_routing.experts(m_token, j))
                      .arg(locale.toString(double(m_routing.weights(m_token, j)), 'f', 2));
    labels << QStringLiteral("Σ = mlp_out");
    return labels;
}

QString RouterPanel::title() const
{
    return tr("Router: which experts each token goes to");
}

QString RouterPanel::explanation() const
{
    if (!hasRouting())
        return {};
    const int experts = int(m_routing.logits.cols()), k = int(m_routing.experts.cols());
    return tr("The router scores every token against each of the %1 experts (logits = m·W_routerᵀ), turns "
              "the scores into probabilities with a softmax, and sends the token to the %2 most probable "
              "experts only. Their probabilities become the weights of their outputs (renormalised to sum "
              "to 1 when the model's norm_topk_prob says so), and the MLP's output is the weighted sum. "
              "Left to right: logits, softmax, the weights of the chosen experts (0 where a token did not "
              "go), and for the selected token each chosen expert's output before its weight and their "
              "weighted sum. Click a token's row to select it.")
        .arg(experts)
        .arg(k);
}

QString RouterPanel::tokenLine() const
{
    if (m_token < 0)
        return {};
    const QLocale locale;
    QStringList chosen;
    for (Eigen::Index j = 0; j < m_routing.experts.cols(); ++j)
        chosen << tr("expert %1 (probability %2, weight %3)")
                      .arg(m_routing.experts(m_token, j))
                      .arg(locale.toString(
                          double(m_parts.probabilities(m_token, m_routing.experts(m_token, j))), 'f', 3))
                      .arg(locale.toString(double(m_routing.weights(m_token, j)), 'f', 3));
    const QString token = m_token < m_tokens.size() ? m_tokens[m_token] : QString::number(m_token);
    return tr("Token %1 “%2” goes to %3.").arg(m_token).arg(token, chosen.join(tr(", ")));
}

void RouterPanel::retranslate()
{
    m_title->setText(title());
    m_text->setText(explanation());
    m_logits->setTitle(tr("Router logits (tokens × experts)"));
    m_probabilities->setTitle(tr("Softmax"));
    m_dispatch->setTitle(tr("Top-k weights"));
    m_outputs->setTitle(tr("Experts' outputs, weighted sum"));
    m_tokenLine->setText(tokenLine());
}

} // namespace attnlab::ui
