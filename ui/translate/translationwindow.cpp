#include "ui/translate/translationwindow.h"

#include "core/model/hubcache.h"
#include "core/translate/crossalignment.h"
#include "ui/i18n/language.h"
#include "ui/i18n/localizedfiledialog.h"
#include "ui/inspector/explanationpanel.h"
#include "ui/plot/matrixplot.h"
#include "ui/translate/attentiongrid.h"
#include "ui/translate/crossattentionlines.h"
#include "ui/translate/translationrun.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <cstdlib>

namespace attnlab::ui {

namespace {

using namespace core::translate;

const char *kExampleId = "Helsinki-NLP/opus-mt-zh-en";

// A vocabulary piece as shown: SentencePiece's "▁" (a word start) dropped unless it is all there is.
QString shownPiece(const std::string &piece)
{
    QString text = QString::fromStdString(piece);
    if (text.size() > 1 && text.startsWith(QChar(0x2581)))
        text.remove(0, 1);
    return text;
}

// The attention the kind box's entry `index` shows.
AttentionKind kindAt(int index)
{
    return index == 1 ? AttentionKind::Encoder : index == 2 ? AttentionKind::Decoder : AttentionKind::Cross;
}

} // namespace

TranslationWindow::TranslationWindow(QWidget *parent)
    : Retranslating<QWidget>(parent, Qt::Window)
    , m_run(new TranslationRun(this))
    , m_modelLabel(new QLabel(this))
    , m_sourceLabel(new QLabel(this))
    , m_beamsLabel(new QLabel(this))
    , m_maxTokensLabel(new QLabel(this))
    , m_kindLabel(new QLabel(this))
    , m_layerLabel(new QLabel(this))
    , m_headLabel(new QLabel(this))
    , m_targetsLabel(new QLabel(this))
    , m_alignmentTitle(new QLabel(this))
    , m_bestLayer(new QLabel(this))
    , m_caveat(new QLabel(this))
    , m_status(new QLabel(this))
    , m_folder(new QLineEdit(this))
    , m_source(new QLineEdit(QStringLiteral("猫吃鱼"), this))
    , m_browse(new QPushButton(this))
    , m_open(new QPushButton(this))
    , m_example(new QPushButton(this))
    , m_translate(new QPushButton(this))
    , m_cancel(new QPushButton(this))
    , m_openOnBoard(new QPushButton(this))
    , m_beams(new QSpinBox(this))
    , m_maxTokens(new QSpinBox(this))
    , m_layer(new QSpinBox(this))
    , m_head(new QSpinBox(this))
    , m_kind(new QComboBox(this))
    , m_average(new QCheckBox(this))
    , m_progress(new QProgressBar(this))
    , m_targets(new QListWidget(this))
    , m_lines(new CrossAttentionLines(this))
    , m_grid(new AttentionGrid(this))
    , m_heatmap(new MatrixPlot(this))
    , m_alignment(new QTableWidget(this))
    , m_explanation(new QTextBrowser(this))
{
    setObjectName(QStringLiteral("TranslationWindow"));
    m_beams->setRange(1, 16);
    m_maxTokens->setRange(1, 256);
    m_maxTokens->setValue(32);
    m_layer->setRange(1, 1);
    m_head->setRange(1, 1);
    m_average->setChecked(true);
    m_kind->addItems({QString(), QString(), QString()});
    m_progress->setVisible(false);
    m_targets->setFlow(QListView::LeftToRight);
    m_targets->setWrapping(false);
    m_targets->setFixedHeight(fontMetrics().height() * 2 + 16);
    m_targets->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_heatmap->setPalette(MatrixPlot::Palette::Sequential);
    m_heatmap->setFixedRange(0, 1);
    m_heatmap->setShowValues(true);
    m_alignment->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_alignment->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_bestLayer->setWordWrap(true);
    m_caveat->setWordWrap(true);
    m_status->setWordWrap(true);
    m_explanation->setOpenExternalLinks(true);

    auto *top = new QGridLayout;
    top->addWidget(m_modelLabel, 0, 0);
    top->addWidget(m_folder, 0, 1, 1, 5);
    top->addWidget(m_browse, 0, 6);
    top->addWidget(m_open, 0, 7);
    top->addWidget(m_example, 0, 8);
    top->addWidget(m_sourceLabel, 1, 0);
    top->addWidget(m_source, 1, 1);
    top->addWidget(m_beamsLabel, 1, 2);
    top->addWidget(m_beams, 1, 3);
    top->addWidget(m_maxTokensLabel, 1, 4);
    top->addWidget(m_maxTokens, 1, 5);
    top->addWidget(m_translate, 1, 6);
    top->addWidget(m_cancel, 1, 7);
    top->addWidget(m_progress, 1, 8);
    top->setColumnStretch(1, 1);

    auto *heads = new QHBoxLayout;
    heads->addWidget(m_targetsLabel);
    heads->addStretch();
    heads->addWidget(m_kindLabel);
    heads->addWidget(m_kind);
    heads->addWidget(m_layerLabel);
    heads->addWidget(m_layer);
    heads->addWidget(m_headLabel);
    heads->addWidget(m_head);
    heads->addWidget(m_average);
    heads->addWidget(m_openOnBoard);

    auto *alignment = new QWidget(this);
    auto *alignmentLayout = new QVBoxLayout(alignment);
    alignmentLayout->setContentsMargins(0, 0, 0, 0);
    alignmentLayout->addWidget(m_alignmentTitle);
    alignmentLayout->addWidget(m_alignment, 1);
    alignmentLayout->addWidget(m_bestLayer);
    alignmentLayout->addWidget(m_caveat);
    auto *tabs = new QTabWidget(this);
    tabs->setObjectName(QStringLiteral("translationTabs"));
    tabs->addTab(alignment, QString());
    tabs->addTab(m_grid, QString());
    tabs->addTab(m_explanation, QString());

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_lines);
    split->addWidget(m_heatmap);
    split->addWidget(tabs);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 3);
    split->setStretchFactor(2, 3);
    split->setSizes({360, 460, 360});
    split->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addLayout(heads);
    layout->addWidget(m_targets);
    layout->addWidget(split, 1);
    layout->addWidget(m_status);

    connect(m_browse, &QPushButton::clicked, this, &TranslationWindow::browse);
    connect(m_open, &QPushButton::clicked, this, [this] { openModel(m_folder->text().trimmed()); });
    connect(m_folder, &QLineEdit::returnPressed, this, [this] { openModel(m_folder->text().trimmed()); });
    connect(m_translate, &QPushButton::clicked, this, &TranslationWindow::translate);
    connect(m_source, &QLineEdit::returnPressed, this, &TranslationWindow::translate);
    connect(m_cancel, &QPushButton::clicked, this, &TranslationWindow::cancel);
    connect(m_run, &TranslationRun::opened, this, &TranslationWindow::onOpened);
    connect(m_run, &TranslationRun::progressed, this, &TranslationWindow::onProgress);
    connect(m_run, &TranslationRun::finished, this, &TranslationWindow::onFinished);
    connect(m_targets, &QListWidget::currentRowChanged, this, [this](int row) {
        m_lines->setSelectedTarget(row);
        m_heatmap->setHighlightedRow(row);
    });
    connect(m_lines, &CrossAttentionLines::targetClicked, this, [this](int row) {
        if (kindAt(m_kind->currentIndex()) == AttentionKind::Encoder) {
            m_sourceQuery = row;
            showAttention();
        } else {
            m_targets->setCurrentRow(row);
        }
    });
    connect(m_kind, &QComboBox::currentIndexChanged, this, &TranslationWindow::onKindChanged);
    connect(m_grid, &AttentionGrid::headClicked, this, [this](int layer, int head) {
        const QSignalBlocker blockLayer(m_layer), blockHead(m_head), blockAverage(m_average);
        m_layer->setValue(layer + 1);
        m_head->setValue(head + 1);
        m_average->setChecked(false);
        m_head->setEnabled(true);
        showAttention();
    });
    for (QSpinBox *box : {m_layer, m_head})
        connect(box, &QSpinBox::valueChanged, this, &TranslationWindow::showAttention);
    connect(m_average, &QCheckBox::toggled, this, [this](bool on) {
        m_head->setEnabled(!on);
        showAttention();
    });
    connect(m_example, &QPushButton::clicked, this, [this] { Q_EMIT exampleRequested(); });
    connect(m_openOnBoard, &QPushButton::clicked, this, &TranslationWindow::openCrossHeadOnBoard);
    m_head->setEnabled(false);
    retranslate();
    updateEnabled();
    resize(1200, 640);
}

TranslationWindow::~TranslationWindow() = default;

void TranslationWindow::browse()
{
    const QString dir = LocalizedFileDialog::getExistingDirectory(
        this, tr("Choose a Marian (opus-mt) model folder"), m_folder->text());
    if (!dir.isEmpty())
        openModel(dir);
}

bool TranslationWindow::openModel(const QString &dir)
{
    if (dir.isEmpty() || !m_run->open(dir))
        return false;
    m_folder->setText(dir);
    m_status->setText(tr("Opening %1…").arg(dir));
    m_progress->setRange(0, 0);
    m_progress->setVisible(true);
    updateEnabled();
    return true;
}

void TranslationWindow::openExample(const QString &fallbackDir)
{
    const core::model::HubModel hub = core::model::findHubModel(
        core::model::hubCacheDir([](const char *name) -> const char * { return std::getenv(name); }), kExampleId);
    m_source->setText(QStringLiteral("猫吃鱼"));
    m_translateWhenOpen = true;
    const bool hubModel = hub.status == core::model::HubModel::Status::Found;
    // The demo model's random weights rarely pick </s>: a short run keeps its table readable.
    m_maxTokens->setValue(hubModel ? 32 : 8);
    if (!openModel(hubModel ? QString::fromStdString(hub.snapshot) : fallbackDir))
        m_translateWhenOpen = false;
}

void TranslationWindow::onOpened()
{
    m_progress->setVisible(false);
    const TranslationModel *model = m_run->model();
    if (!m_run->openProblem().isEmpty()) {
        m_status->setText(m_run->openProblem());
        m_translateWhenOpen = false;
    } else if (model) {
        m_beams->setValue(model->rules().numBeams);
        m_layer->setValue(1);
        onKindChanged();
        m_status->setText(tr("Opened %1: %2 encoder and %3 decoder layers, %4 heads each; "
                             "generation_config.json asks for %n beam(s).",
            nullptr, model->rules().numBeams)
                              .arg(m_run->folder())
                              .arg(model->layers(AttentionKind::Encoder))
                              .arg(model->layers(AttentionKind::Decoder))
                              .arg(model->heads(AttentionKind::Cross)));
        showTokens();
        showAttention();
        showAlignment();
    }
    retranslate();
    updateEnabled();
    Q_EMIT modelOpened();
    if (m_translateWhenOpen && model && m_run->openProblem().isEmpty()) {
        m_translateWhenOpen = false;
        translate();
    }
}

bool TranslationWindow::translate()
{
    const TranslationModel *model = m_run->model();
    if (!model || m_run->isBusy())
        return false;
    SearchOptions options = searchOptions(model->rules(), m_maxTokens->value());
    options.numBeams = m_beams->value();
    if (!m_run->start(m_source->text(), options))
        return false;
    m_progress->setRange(0, m_maxTokens->value());
    m_progress->setValue(0);
    m_progress->setVisible(true);
    m_status->setText(tr("Translating…"));
    showTokens();
    updateEnabled();
    return true;
}

void TranslationWindow::cancel()
{
    m_run->cancel();
}

void TranslationWindow::onProgress()
{
    m_progress->setValue(int(m_run->partial().size()));
    showTokens();
    if (m_targets->count() > 0 && m_targets->currentRow() < 0)
        m_targets->setCurrentRow(0);
    showAttention();
    showAlignment();
}

void TranslationWindow::onKindChanged()
{
    const TranslationModel *model = m_run->model();
    const AttentionKind kind = kindAt(m_kind->currentIndex());
    {
        const QSignalBlocker blockLayer(m_layer), blockHead(m_head);
        m_layer->setRange(1, model ? model->layers(kind) : 1);
        m_head->setRange(1, model ? model->heads(kind) : 1);
    }
    showAttention();
    updateEnabled(); // only a cross-attention head opens on the board
}

const std::vector<std::vector<core::Matrix>> &TranslationWindow::shownMaps() const
{
    const TranslationModel::AttentionMaps &maps = m_run->current().maps;
    switch (kindAt(m_kind->currentIndex())) {
    case AttentionKind::Encoder:
        return maps.encoder;
    case AttentionKind::Decoder:
        return maps.decoder;
    case AttentionKind::Cross:
        break;
    }
    return maps.cross;
}

int TranslationWindow::selectedQuery() const
{
    return kindAt(m_kind->currentIndex()) == AttentionKind::Encoder ? m_sourceQuery : m_targets->currentRow();
}

void TranslationWindow::onFinished()
{
    m_progress->setVisible(false);
    const TranslationRun::Result &r = m_run->result();
    if (!r.problem.isEmpty())
        m_status->setText(r.problem);
    else
        m_status->setText(
            (r.translation.cancelled ? tr("Cancelled after %n token(s).", nullptr, int(r.translation.generated.size()))
                                     : tr("Translation: %1").arg(QString::fromStdString(r.translation.text)))
            + QStringLiteral("   ")
            + tr("Score (sum of log-probabilities ÷ length^length_penalty): %1")
                  .arg(QLocale().toString(r.score, 'f', 3)));
    showTokens();
    if (m_targets->count() > 0)
        m_targets->setCurrentRow(0);
    showAttention();
    showAlignment();
    updateEnabled();
    Q_EMIT translated();
}

void TranslationWindow::showTokens()
{
    const int current = m_targets->currentRow();
    m_targets->clear();
    for (const GeneratedToken &g : m_run->partial()) {
        auto *item = new QListWidgetItem(shownPiece(g.token), m_targets);
        item->setToolTip(tr("%1 (id %2): the model gave it probability %3")
                             .arg(QString::fromStdString(g.token))
                             .arg(g.id)
                             .arg(QLocale().toString(g.probability, 'f', 3)));
    }
    if (current >= 0 && current < m_targets->count())
        m_targets->setCurrentRow(current);
}

void TranslationWindow::showAttention()
{
    const TranslationRun::Result &r = m_run->current();
    const AttentionKind kind = kindAt(m_kind->currentIndex());
    QStringList source, target, decoderInput;
    for (const std::string &piece : r.sourcePieces)
        source << shownPiece(piece);
    for (const GeneratedToken &g : r.translation.generated)
        target << shownPiece(g.token);
    // The decoder reads the start token, then each token but the last: row i made token i.
    if (const TranslationModel *model = m_run->model(); model && !target.isEmpty()) {
        decoderInput << shownPiece(model->tokenizer().tokenText(model->rules().decoderStart));
        decoderInput << target.mid(0, target.size() - 1);
    }
    const QStringList &queries = kind == AttentionKind::Encoder ? source : target;
    const QStringList &keys = kind == AttentionKind::Decoder ? decoderInput : source;
    const auto &maps = shownMaps();
    const int layer = m_layer->value() - 1;
    core::Matrix weights;
    if (layer >= 0 && layer < int(maps.size())) {
        const auto &heads = maps[size_t(layer)];
        const int head = m_head->value() - 1;
        weights = m_average->isChecked() ? averageHeads(heads)
            : head < int(heads.size())   ? heads[size_t(head)]
                                         : core::Matrix();
    }
    if (kind == AttentionKind::Encoder && m_sourceQuery >= source.size())
        m_sourceQuery = -1;
    m_lines->setContent(keys, queries, weights);
    m_lines->setSelectedTarget(selectedQuery());
    m_heatmap->setMatrix(weights, queries, keys);
    m_heatmap->setHighlightedRow(selectedQuery());
    const QString what = kind == AttentionKind::Encoder ? tr("Encoder self-attention")
        : kind == AttentionKind::Decoder                ? tr("Decoder self-attention")
                                                        : tr("Cross-attention");
    // Two short lines, so that the title fits a narrow heatmap.
    m_heatmap->setTitle(what + QLatin1Char('\n')
        + (m_average->isChecked() ? tr("layer %1, mean of the heads").arg(m_layer->value())
                                  : tr("layer %1, head %2").arg(m_layer->value()).arg(m_head->value())));
    m_heatmap->replot();
    m_grid->setMaps(maps);
    m_grid->setSelected(layer, m_average->isChecked() ? -1 : m_head->value() - 1);
}

void TranslationWindow::showAlignment()
{
    const TranslationRun::Result &r = m_run->current();
    const CrossAlignment al = alignCrossAttention(r.maps.cross);
    const int rows = int(r.translation.generated.size());
    m_alignment->clear();
    m_alignment->setRowCount(al.layers.empty() ? 0 : rows);
    m_alignment->setColumnCount(int(al.layers.size()));
    QStringList layers, targets;
    for (size_t l = 0; l < al.layers.size(); ++l)
        layers << tr("Layer %1").arg(l + 1);
    for (const GeneratedToken &g : r.translation.generated)
        targets << shownPiece(g.token);
    m_alignment->setHorizontalHeaderLabels(layers);
    m_alignment->setVerticalHeaderLabels(targets);
    const QLocale locale;
    for (size_t l = 0; l < al.layers.size(); ++l)
        for (int row = 0; row < rows && row < int(al.layers[l].source.size()); ++row) {
            const int col = al.layers[l].source[size_t(row)];
            const QString piece
                = col >= 0 && col < int(r.sourcePieces.size()) ? shownPiece(r.sourcePieces[size_t(col)]) : QString();
            auto *item = new QTableWidgetItem(
                QStringLiteral("%1  %2").arg(piece, locale.toString(al.layers[l].weight[size_t(row)], 'f', 2)));
            item->setData(Qt::UserRole, col);
            m_alignment->setItem(row, int(l), item);
        }
    if (al.mostConfident < 0) {
        m_bestLayer->clear();
        return;
    }
    const LayerAlignment &best = al.layers[size_t(al.mostConfident)];
    m_bestLayer->setText(tr("On this sentence layer %1 aligns most confidently: on average its heads' mean gives "
                            "%2 of each target token's attention to the one source token it attends to most.")
                             .arg(al.mostConfident + 1)
                             .arg(locale.toString(best.confidence, 'f', 2)));
}

void TranslationWindow::updateEnabled()
{
    const bool busy = m_run->isBusy();
    const bool model = m_run->model() != nullptr;
    m_translate->setEnabled(model && !busy);
    m_cancel->setEnabled(busy && model);
    for (QWidget *w :
        {static_cast<QWidget *>(m_browse), static_cast<QWidget *>(m_open), static_cast<QWidget *>(m_example)})
        w->setEnabled(!busy);
    m_openOnBoard->setEnabled(!busy && model && kindAt(m_kind->currentIndex()) == AttentionKind::Cross
        && !m_run->result().translation.generated.empty());
}

bool TranslationWindow::openCrossHeadOnBoard()
{
    if (!m_openOnBoard->isEnabled())
        return false;
    Q_EMIT crossHeadRequested(m_layer->value() - 1, m_head->value() - 1);
    return true;
}

void TranslationWindow::retranslate()
{
    setWindowTitle(tr("Translation — cross-attention"));
    m_modelLabel->setText(tr("Model:"));
    m_folder->setPlaceholderText(tr("A Marian (opus-mt) folder or a hub id such as %1").arg(QLatin1String(kExampleId)));
    m_folder->setToolTip(tr("The folder of a Marian translation model (config.json, model.safetensors, source.spm, "
                            "target.spm, vocab.json), or its id in the local Hugging Face cache"));
    m_browse->setText(tr("Browse…"));
    m_browse->setToolTip(tr("Choose a model folder and open it"));
    m_open->setText(tr("Open"));
    m_open->setToolTip(tr("Open the folder or hub id typed on the left"));
    m_example->setText(tr("猫吃鱼 example"));
    m_example->setToolTip(tr("Translate 猫吃鱼 with opus-mt-zh-en from the Hugging Face cache, or with the built-in "
                             "demo model when it is not there"));
    m_sourceLabel->setText(tr("Source:"));
    m_source->setToolTip(tr("The sentence to translate (Enter translates it)"));
    m_beamsLabel->setText(tr("Beams:"));
    m_beams->setToolTip(tr("1: greedy search; more: beam search as transformers runs it. The default is what the "
                           "model's generation_config.json asks for"));
    m_maxTokensLabel->setText(tr("Max tokens:"));
    m_maxTokens->setToolTip(tr("At most this many target tokens (</s> included)"));
    m_translate->setText(tr("Translate"));
    m_translate->setToolTip(tr("Translate on a worker thread; the translation grows token by token"));
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop the translation at its next token"));
    m_progress->setToolTip(tr("Target tokens made so far"));
    m_targetsLabel->setText(tr("Translation (click a token to see where it looked):"));
    m_targets->setToolTip(tr("The target tokens; the selected one's cross-attention is drawn below"));
    m_kindLabel->setText(tr("Attention:"));
    m_kind->setItemText(0, tr("Cross (target → source)"));
    m_kind->setItemText(1, tr("Encoder self (source → source)"));
    m_kind->setItemText(2, tr("Decoder self (target → target)"));
    m_kind->setItemData(0,
        tr("The decoder's queries read the encoder's output: where each target token looked in the source"),
        Qt::ToolTipRole);
    m_kind->setItemData(1,
        tr("The encoder's self-attention over the source, without a mask: every source token reads all of them, "
           "itself included"),
        Qt::ToolTipRole);
    m_kind->setItemData(2,
        tr("The decoder's causal self-attention: each target position reads the start token, the tokens made before it "
           "and itself"),
        Qt::ToolTipRole);
    m_kind->setToolTip(tr("Which of the model's three attentions the lines, the heatmap and the heads grid show"));
    m_layerLabel->setText(tr("Layer:"));
    m_layer->setToolTip(tr("The layer of the encoder or decoder whose attention is shown"));
    m_headLabel->setText(tr("Head:"));
    m_head->setToolTip(tr("The head shown (when the heads are not averaged)"));
    m_average->setText(tr("Average of heads"));
    m_openOnBoard->setText(tr("Open on Board"));
    m_openOnBoard->setToolTip(tr("Show the cross-attention head in the Layer and Head boxes on the pipeline board, "
                                 "step by step with the model's numbers: Q from the decoder, K and V from the "
                                 "encoder's output"));
    m_average->setToolTip(tr("Show the mean of the layer's heads instead of one head"));
    m_lines->setToolTip(tr("Keys on top, queries below (cross-attention: source on top, translation below): each "
                           "line's width and opacity is the weight the selected query gives that key. Click a "
                           "token below to select it"));
    m_heatmap->setToolTip(tr("The attention weights: one row per query token, one column per key token; a row sums "
                             "to 1"));
    m_grid->setToolTip(tr("Every head of the chosen attention: row = layer, column = head; in a thumbnail the row "
                          "is the query, the column the key. Click one to show it"));
    m_grid->setPlaceholder(tr("Translate a sentence to see every head here."));
    m_heatmap->setExportName(QStringLiteral("cross-attention"));
    m_alignmentTitle->setText(tr("For each target token, the source token it attends to most, per layer "
                                 "(heads averaged) and that weight:"));
    m_alignment->setToolTip(tr("Rows: target tokens; columns: decoder layers"));
    m_caveat->setText(tr("Attention is not word alignment: it says where the weight went, not which words translate "
                         "each other, and weight on </s> or punctuation often means \"nothing in particular\"."));
    if (auto *tabs = findChild<QTabWidget *>(QStringLiteral("translationTabs"))) {
        tabs->setTabText(0, tr("Alignment"));
        tabs->setTabText(1, tr("Heads"));
        tabs->setTabText(2, tr("Explanation"));
        tabs->setTabToolTip(0, tr("The source token each target token attends to most, per layer"));
        tabs->setTabToolTip(1, tr("Every head of the chosen attention, layer by layer"));
        tabs->setTabToolTip(2, tr("What cross-attention is"));
    }
    m_explanation->setHtml(
        ExplanationPanel::pageHtml(QStringLiteral("crossattention"), Language::instance()->current()));
    m_explanation->setToolTip(tr("What cross-attention is"));
    if (m_run && m_run->model())
        showAlignment();
}

} // namespace attnlab::ui
