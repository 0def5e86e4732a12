#include "ui/quant/quantcomparewindow.h"

#include "core/gguf/ggufmodel.h"
#include "core/gguf/gguftokenizer.h"
#include "core/model/modelerror.h"
#include "ui/i18n/coremessages.h"
#include "ui/i18n/localizedfiledialog.h"
#include "ui/i18n/sizetext.h"
#include "ui/plot/matrixplot.h"

#include <QCloseEvent>
#include <QDir>
#include <QEvent>
#include <QFile>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressDialog>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <exception>

namespace attnlab::ui {

namespace {

constexpr int kPlots = 4;
constexpr int kPlotSide = 190;

QString probability(double p)
{
    return QLocale().toString(p, 'f', 3);
}

QStringList labels(const std::vector<std::string> &tokens)
{
    QStringList out;
    for (const std::string &t : tokens)
        out << QString::fromStdString(t);
    return out;
}

} // namespace

struct QuantCompareWindow::Row {
    QLabel *facts = nullptr;
    MatrixPlot *plots[kPlots] = {};
    QLabel *reference = nullptr; // in the difference column of the first file
    QLabel *prediction = nullptr;
};

QuantCompareWindow::QuantCompareWindow(QWidget *parent)
    : QWidget(parent, Qt::Window)
    , m_text(new QLineEdit(this))
    , m_layer(new QSpinBox(this))
    , m_head(new QSpinBox(this))
    , m_textLabel(new QLabel(this))
    , m_layerLabel(new QLabel(this))
    , m_headLabel(new QLabel(this))
    , m_add(new QPushButton(this))
    , m_remove(new QPushButton(this))
    , m_measure(new QPushButton(this))
    , m_status(new QLabel(this))
    , m_grid(new QGridLayout)
{
    setObjectName(QStringLiteral("QuantCompareWindow"));
    m_textLabel->setBuddy(m_text);
    m_layerLabel->setBuddy(m_layer);
    m_headLabel->setBuddy(m_head);
    m_layer->setRange(1, 1);
    m_head->setRange(1, 1);
    m_status->setWordWrap(true);
    m_status->hide();
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *controls = new QHBoxLayout;
    controls->addWidget(m_textLabel);
    controls->addWidget(m_text, 1);
    for (QWidget *w :
        std::initializer_list<QWidget *> {m_layerLabel, m_layer, m_headLabel, m_head, m_add, m_remove, m_measure})
        controls->addWidget(w);

    auto *table = new QWidget;
    table->setLayout(m_grid);
    for (int c = 0; c < 2 + kPlots; ++c) {
        auto *header = new QLabel(table);
        header->setAlignment(Qt::AlignCenter);
        m_grid->addWidget(header, 0, c);
        m_headers.push_back(header);
    }
    for (int r = 0; r < kMaxFiles; ++r) {
        auto row = std::make_unique<Row>();
        row->facts = new QLabel(table);
        row->facts->setWordWrap(true);
        row->facts->setMinimumWidth(200);
        row->facts->setAlignment(Qt::AlignTop | Qt::AlignLeft);
        row->facts->setTextInteractionFlags(Qt::TextSelectableByMouse);
        m_grid->addWidget(row->facts, r + 1, 0);
        for (int p = 0; p < kPlots; ++p) {
            auto *plot = new MatrixPlot(table);
            plot->setMinimumSize(kPlotSide, kPlotSide);
            plot->setShowColorScale(false);
            const Plot which = Plot(p);
            plot->setPalette(which == Plot::Weights ? MatrixPlot::Palette::Sequential : MatrixPlot::Palette::Diverging);
            if (which == Plot::Weights)
                plot->setFixedRange(0, 1);
            m_grid->addWidget(plot, r + 1, 1 + p);
            row->plots[p] = plot;
        }
        row->reference = new QLabel(table);
        row->reference->setWordWrap(true);
        row->reference->setAlignment(Qt::AlignCenter);
        m_grid->addWidget(row->reference, r + 1, 1 + int(Plot::Difference));
        row->prediction = new QLabel(table);
        row->prediction->setAlignment(Qt::AlignTop | Qt::AlignLeft);
        row->prediction->setMinimumWidth(220);
        row->prediction->setTextInteractionFlags(Qt::TextSelectableByMouse);
        m_grid->addWidget(row->prediction, r + 1, 1 + kPlots);
        m_rows.push_back(std::move(row));
    }
    m_grid->setRowStretch(kMaxFiles + 1, 1);
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(table);
    scroll->setWidgetResizable(true);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_status);
    layout->addWidget(scroll, 1);
    resize(1450, 900);

    connect(m_text, &QLineEdit::editingFinished, this, [this] {
        if (m_text->text() != m_shownText)
            recompute();
    });
    connect(m_layer, &QSpinBox::valueChanged, this, &QuantCompareWindow::recompute);
    connect(m_head, &QSpinBox::valueChanged, this, &QuantCompareWindow::recompute);
    connect(m_add, &QPushButton::clicked, this, &QuantCompareWindow::chooseFile);
    connect(m_remove, &QPushButton::clicked, this, &QuantCompareWindow::removeLastFile);
    connect(m_measure, &QPushButton::clicked, this, &QuantCompareWindow::measure);
    retranslate();
    refresh();
}

QuantCompareWindow::~QuantCompareWindow()
{
    if (m_thread) {
        m_cancel = true;
        m_thread->wait();
    }
}

QString QuantCompareWindow::text() const
{
    return m_text->text();
}

int QuantCompareWindow::layer() const
{
    return m_layer->value() - 1;
}

int QuantCompareWindow::head() const
{
    return m_head->value() - 1;
}

MatrixPlot *QuantCompareWindow::plot(int file, Plot which) const
{
    return m_rows.at(size_t(file))->plots[int(which)];
}

QString QuantCompareWindow::factsText(int file) const
{
    return m_rows.at(size_t(file))->facts->text();
}

QString QuantCompareWindow::predictionText(int file) const
{
    return m_rows.at(size_t(file))->prediction->text();
}

void QuantCompareWindow::setProblem(std::function<QString()> text)
{
    m_problem = std::move(text);
    m_status->setText(problem());
    m_status->setVisible(bool(m_problem));
}

bool QuantCompareWindow::addFile(const QString &path)
{
    if (isBusy() || fileCount() >= kMaxFiles)
        return false;
    setProblem(nullptr);
    const bool first = m_files.empty();
    auto loaded = std::make_shared<std::unique_ptr<CompareFile>>();
    auto tokenizer = std::make_shared<std::optional<core::model::Tokenizer>>();
    const std::string local = QFile::encodeName(path).toStdString();
    run(
        tr("Opening %1…").arg(QFileInfo(path).fileName()),
        [loaded, tokenizer, local, first](
            const std::atomic<bool> &cancel, const std::function<void(double)> &progress) {
            *loaded = loadCompareFile(local, cancel, progress);
            if (*loaded && first) {
                core::model::TokenizerLoadResult t = core::gguf::loadGgufTokenizer(local);
                if (!t.ok())
                    throw core::model::ModelError(*t.problem);
                *tokenizer = std::move(t.tokenizer);
            }
        },
        [this, loaded, tokenizer, first] {
            if (!*loaded)
                return;
            if (!first) {
                if (const Mismatch why = mismatch(*m_files.front(), **loaded); why.what != Mismatch::What::None) {
                    setProblem([name = QFileInfo(QString::fromStdString((*loaded)->path)).fileName(), why] {
                        const QString what = why.what == Mismatch::What::Layers ? tr("layers")
                            : why.what == Mismatch::What::Heads                 ? tr("heads")
                            : why.what == Mismatch::What::HeadSize              ? tr("head size")
                                                                                : tr("vocabulary");
                        return tr("%1 is not a file of the same model (%2 %3 ≠ %4).")
                            .arg(name, what)
                            .arg(why.other)
                            .arg(why.first);
                    });
                    return;
                }
            }
            m_files.push_back(std::move(*loaded));
            if (first) {
                m_tokenizer = std::move(*tokenizer);
                const core::model::ModelConfig &config = m_files.front()->weights->config;
                const QSignalBlocker layerBlock(m_layer), headBlock(m_head);
                m_layer->setRange(1, config.layers);
                m_head->setRange(1, config.heads);
                tokenize();
            }
            recompute();
        });
    return true;
}

void QuantCompareWindow::removeLastFile()
{
    if (isBusy() || m_files.empty())
        return;
    m_files.pop_back();
    if (m_files.empty()) {
        m_tokenizer.reset();
        m_ids.clear();
        m_tokens.clear();
    }
    refresh();
}

void QuantCompareWindow::setText(const QString &text)
{
    m_text->setText(text);
    recompute();
}

void QuantCompareWindow::setHead(int layer, int head)
{
    const QSignalBlocker layerBlock(m_layer), headBlock(m_head);
    m_layer->setValue(layer + 1);
    m_head->setValue(head + 1);
    recompute();
}

void QuantCompareWindow::tokenize()
{
    m_shownText = m_text->text();
    m_ids.clear();
    m_tokens.clear();
    if (!m_tokenizer || m_files.empty())
        return;
    const int limit = m_files.front()->weights->config.maxPositions;
    const std::vector<core::model::Token> split = m_tokenizer->encode(m_shownText.toStdString());
    for (const core::model::Token &t : split) {
        if (int(m_ids.size()) == limit)
            break;
        m_ids.push_back(t.id);
        m_tokens.push_back(t.display);
    }
    if (m_ids.empty())
        setProblem([] { return tr("Type a text: the head is computed on its tokens."); });
    else if (int(split.size()) > limit)
        setProblem([limit] {
            return tr("The model reads at most %n tokens: the rest of the text is left out.", nullptr, limit);
        });
}

void QuantCompareWindow::recompute()
{
    if (isBusy()) {
        m_recomputeAfter = true; // the job running computes the old head or text
        return;
    }
    if (m_tokenizer && m_text->text() != m_shownText)
        tokenize();
    if (m_files.empty() || m_ids.empty()) {
        refresh();
        return;
    }
    run(
        tr("Computing the head in each file…"),
        [this, ids = m_ids, tokens = m_tokens, layer = layer(), head = head()](
            const std::atomic<bool> &cancel, const std::function<void(double)> &progress) {
            computeHeads(m_files, ids, tokens, layer, head, cancel, progress);
        },
        [this] { refresh(); });
}

void QuantCompareWindow::measure()
{
    if (isBusy() || m_files.empty() || m_ids.empty())
        return;
    // The text as the prompt, cut so that the generated tokens fit in the context.
    const int limit = std::max(1, m_files.front()->weights->config.maxPositions - kMeasureTokens);
    std::vector<int> prompt(m_ids.begin(), m_ids.begin() + std::min<std::ptrdiff_t>(limit, m_ids.size()));
    for (auto &f : m_files)
        f->speed.reset();
    run(
        tr("Measuring the decode speed of each file…"),
        [this, prompt](const std::atomic<bool> &cancel, const std::function<void(double)> &progress) {
            for (size_t i = 0; i < m_files.size(); ++i) {
                core::gguf::DecodeSpeed speed;
                if (!core::gguf::measureDecodeSpeed(
                        m_files[i]->weights, prompt, kMeasureTokens, [&cancel] { return cancel.load(); }, &speed))
                    return;
                m_files[i]->speed = speed;
                progress(double(i + 1) / double(m_files.size()));
            }
        },
        [this] { refresh(); });
}

void QuantCompareWindow::cancel()
{
    m_cancel = true;
}

void QuantCompareWindow::run(const QString &label, Work work, std::function<void()> done)
{
    m_cancel = false;
    m_recomputeAfter = false;
    auto fraction = std::make_shared<std::atomic<int>>(0);
    auto failure = std::make_shared<std::optional<core::Problem>>();
    m_thread = QThread::create([this, work, fraction, failure] {
        try {
            work(m_cancel, [fraction](double f) { *fraction = int(std::lround(std::clamp(f, 0.0, 1.0) * 1000)); });
        } catch (const std::exception &e) {
            *failure = exceptionProblem(e);
        }
    });
    if (!m_progress) {
        m_progress = new QProgressDialog(this);
        m_progress->setWindowModality(Qt::WindowModal);
        m_progress->setMinimumDuration(500); // shown only for a job longer than half a second
        m_progress->setRange(0, 1000);
        m_progress->setAutoClose(false);
        m_progress->setAutoReset(false);
        connect(m_progress, &QProgressDialog::canceled, this, &QuantCompareWindow::cancel);
    }
    m_progress->setLabelText(label);
    m_progress->setCancelButtonText(tr("Cancel"));
    m_progress->setValue(0);
    auto *poll = new QTimer(m_thread);
    poll->setInterval(100);
    connect(poll, &QTimer::timeout, this, [this, fraction] {
        if (m_progress && isBusy())
            m_progress->setValue(*fraction);
    });
    connect(m_thread, &QThread::finished, m_thread, &QObject::deleteLater);
    connect(m_thread, &QThread::finished, this, [this, failure, done = std::move(done)] {
        m_thread = nullptr;
        m_progress->reset();
        m_progress->hide();
        if (*failure)
            setProblem([problem = **failure] { return fileProblemText(problem); });
        else if (m_cancel)
            setProblem([] { return tr("Cancelled."); });
        done();
        if (!isBusy() && m_recomputeAfter && !m_cancel) {
            m_recomputeAfter = false;
            recompute();
        }
        if (!isBusy())
            refresh();
        Q_EMIT jobFinished();
    });
    refresh();
    m_thread->start();
    poll->start();
}

void QuantCompareWindow::chooseFile()
{
    const QString start = m_files.empty() ? QString() : QFileInfo(QString::fromStdString(m_files.front()->path)).path();
    const QString path = LocalizedFileDialog::getOpenFileName(
        this, tr("Add a GGUF File of the Same Model"), start, tr("GGUF files (*.gguf);;All files (*)"));
    if (!path.isEmpty())
        addFile(path);
}

void QuantCompareWindow::closeEvent(QCloseEvent *event)
{
    cancel();
    QWidget::closeEvent(event);
}

void QuantCompareWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void QuantCompareWindow::retranslate()
{
    setWindowTitle(tr("Same Head, Several Files"));
    m_textLabel->setText(tr("&Text:"));
    m_layerLabel->setText(tr("&Layer:"));
    m_headLabel->setText(tr("&Head:"));
    m_text->setToolTip(tr("The text every file computes on, split by the first file's tokenizer; press Enter to "
                          "compute again"));
    m_layer->setToolTip(tr("The layer of the head to compare (counting from 1)"));
    m_head->setToolTip(tr("The head to compare in that layer (counting from 1)"));
    m_add->setText(tr("&Add File…"));
    m_add->setToolTip(tr("Add a GGUF file of the same model in another type (F32, BF16, Q8_0, Q4_K …): up to %n "
                         "files side by side",
        nullptr, kMaxFiles));
    m_remove->setText(tr("&Remove Last"));
    m_remove->setToolTip(tr("Take the last file added out of the comparison"));
    m_measure->setText(tr("&Measure Speed"));
    m_measure->setToolTip(tr("Generate %n tokens greedily after the text with each file and time them: its decode "
                             "speed in tokens per second on this computer",
        nullptr, kMeasureTokens));
    const QString headers[]
        = {tr("File"), tr("Scores"), tr("Weights"), tr("Context"), tr("Weights − first file"), tr("Next token")};
    for (size_t c = 0; c < m_headers.size(); ++c)
        m_headers[c]->setText(QStringLiteral("<b>%1</b>").arg(headers[c]));
    m_factsTip = tr("The file's type, its bits per weight, its size on disk, the memory its weights take here (the "
                    "matrices stay in the file's blocks, the norms become float32) and its measured decode speed");
    for (const auto &row : m_rows) {
        row->facts->setToolTip(m_factsTip);
        row->plots[int(Plot::Scores)]->setToolTip(
            tr("q·kᵀ scaled, before the softmax: row = query token, column = key token; grey cells are hidden by the "
               "causal mask"));
        row->plots[int(Plot::Weights)]->setToolTip(
            tr("The attention weights after the softmax, 0 to 1: how much each query token reads each key token"));
        row->plots[int(Plot::Context)]->setToolTip(
            tr("What the head passes on: its weights times its values, one row per token, one column per dimension "
               "of the head"));
        row->plots[int(Plot::Difference)]->setToolTip(
            tr("This file's attention weights minus the first file's: red where this file attends more, blue "
               "where less"));
        row->reference->setToolTip(tr("The other files are compared with this one"));

        row->prediction->setToolTip(
            tr("The five most likely next tokens after the text, with their probabilities; below the first file, "
               "the first file's probability of the same token and the change"));
    }
    if (m_problem)
        m_status->setText(problem());
    refresh();
}

QString QuantCompareWindow::tokenText(int id) const
{
    return m_tokenizer ? QString::fromStdString(m_tokenizer->displayText(id)) : QString::number(id);
}

void QuantCompareWindow::refresh()
{
    const bool busy = isBusy();
    m_add->setEnabled(!busy && fileCount() < kMaxFiles);
    m_remove->setEnabled(!busy && fileCount() > 0);
    m_measure->setEnabled(!busy && fileCount() > 0 && !m_ids.empty());
    m_text->setEnabled(!busy);
    m_layer->setEnabled(!busy && fileCount() > 0);
    m_head->setEnabled(!busy && fileCount() > 0);
    if (busy)
        return;
    for (int i = 0; i < kMaxFiles; ++i)
        refreshRow(i);
}

void QuantCompareWindow::refreshRow(int i)
{
    Row &row = *m_rows[size_t(i)];
    const bool shown = i < fileCount();
    row.facts->setVisible(shown);
    row.prediction->setVisible(shown);
    for (MatrixPlot *p : row.plots)
        p->setVisible(shown);
    row.reference->setVisible(shown && i == 0);
    if (!shown)
        return;
    const CompareFile &f = *m_files[size_t(i)];
    const QLocale locale;
    QStringList facts;
    // The folder too: files of one model are often all called model.gguf.
    const QFileInfo info(QString::fromStdString(f.path));
    facts
        << QStringLiteral("<b>%1</b>").arg((info.dir().dirName() + QLatin1Char('/') + info.fileName()).toHtmlEscaped());
    row.facts->setToolTip(QDir::toNativeSeparators(info.absoluteFilePath()) + QLatin1Char('\n') + m_factsTip);
    facts << tr("%1, %2 bits per weight")
                 .arg(QString::fromStdString(f.cost.quantization), locale.toString(f.cost.bitsPerWeight, 'f', 2));
    facts << tr("File: %1").arg(sizeText(std::int64_t(f.cost.fileBytes)));
    facts << tr("Memory for the weights: %1").arg(sizeText(std::int64_t(f.cost.memoryBytes)));
    facts << (f.speed ? tr("Decode: %1 tokens/s (%n tokens)", nullptr, f.speed->tokens)
                            .arg(locale.toString(f.speed->tokensPerSecond(), 'f', 1))
                      : tr("Decode: not measured yet (Measure Speed)"));
    row.facts->setText(facts.join(QStringLiteral("<br>")));

    const core::gguf::FileHead &h = f.head;
    const bool computed = h.weights.size() > 0 && h.weights.rows() == Eigen::Index(m_tokens.size());
    const QStringList tokens = labels(m_tokens);
    // Every eighth dimension named: 64 numbers side by side would overlap.
    QStringList dims;
    const int step = std::max(1, int(h.context.cols()) / 8);
    for (int d = 0; d < int(h.context.cols()); ++d)
        dims << (d % step == 0 ? QString::number(d + 1) : QString());
    if (computed) {
        row.plots[int(Plot::Scores)]->setMatrix(h.scores, tokens, tokens);
        row.plots[int(Plot::Weights)]->setMatrix(h.weights, tokens, tokens);
        row.plots[int(Plot::Context)]->setMatrix(h.context, tokens, dims);
    }
    MatrixPlot *difference = row.plots[int(Plot::Difference)];
    difference->setVisible(i > 0);
    row.reference->setText(tr("The first file: the others are compared with it."));
    const core::gguf::FileHead &first = m_files.front()->head;
    if (i > 0 && computed) {
        const core::Matrix d = core::gguf::weightDifference(first, h);
        if (d.size() > 0)
            difference->setMatrix(d, tokens, tokens);
    }

    QStringList lines;
    if (!computed || h.top.empty()) {
        row.prediction->setText(computed ? tr("This model does not predict a next token.") : QString());
        return;
    }
    if (i > 0 && !first.top.empty()) {
        lines << (first.top.front().id == h.top.front().id
                ? tr("Same most likely token as the first file")
                : tr("Most likely token changed: %1 → %2")
                      .arg(tokenText(first.top.front().id), tokenText(h.top.front().id)));
    }
    const core::RowVector &firstProbabilities = m_files.front()->runner->probabilities();
    for (size_t k = 0; k < h.top.size(); ++k) {
        const core::model::TokenProbability &t = h.top[k];
        QString line = QStringLiteral("%1. %2  %3").arg(k + 1).arg(tokenText(t.id), probability(t.probability));
        if (i > 0 && t.id < firstProbabilities.size()) {
            const double before = firstProbabilities[t.id];
            // A change that rounds to zero is written +0.000, not −0.000.
            const double change = std::abs(t.probability - before) < 0.0005 ? 0.0 : t.probability - before;
            line += QStringLiteral("  ")
                + tr("(first file %1, %2%3)")
                      .arg(probability(before), change >= 0 ? QStringLiteral("+") : QString(), probability(change));
        }
        lines << line;
    }
    row.prediction->setText(lines.join(QLatin1Char('\n')));
}

} // namespace attnlab::ui
