#include "ui/quant/quantwindow.h"

#include "core/model/modelloader.h"
#include "ui/i18n/coremessages.h"
#include "ui/i18n/localizedfiledialog.h"
#include "ui/plot/stageinfo.h"
#include "ui/quant/quantblocktable.h"
#include "ui/quant/quantheatmap.h"

#include <QComboBox>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QThread>
#include <QVBoxLayout>

#include <exception>

namespace attnlab::ui {

namespace {

const int kZooms[] = {0, 1, 2, 4, 8, 16};

// "blk.3" for "blk.3.attn_q.weight", "" for a tensor outside the layers.
QString layerOf(const QString &name)
{
    if (!name.startsWith(QStringLiteral("blk.")))
        return {};
    return name.section(QLatin1Char('.'), 0, 1);
}

} // namespace

QuantWindow::QuantWindow(QWidget *parent)
    : QWidget(parent, Qt::Window)
    , m_layer(new QComboBox(this))
    , m_matrixBox(new QComboBox(this))
    , m_show(new QComboBox(this))
    , m_zoom(new QComboBox(this))
    , m_compare(new QPushButton(this))
    , m_layerLabel(new QLabel(this))
    , m_matrixLabel(new QLabel(this))
    , m_showLabel(new QLabel(this))
    , m_zoomLabel(new QLabel(this))
    , m_summary(new QLabel(this))
    , m_error(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_scroll(new QScrollArea(this))
    , m_heatmap(new QuantHeatmap)
    , m_table(new QuantBlockTable(this))
{
    setObjectName(QStringLiteral("QuantWindow"));
    m_layerLabel->setBuddy(m_layer);
    m_matrixLabel->setBuddy(m_matrixBox);
    m_showLabel->setBuddy(m_show);
    m_zoomLabel->setBuddy(m_zoom);
    m_show->addItems({QString(), QString()});
    for (std::size_t i = 0; i < std::size(kZooms); ++i)
        m_zoom->addItem(QString());
    m_progress->setRange(0, 0);
    m_progress->setMaximumWidth(160);
    m_progress->hide();
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_scroll->setWidget(m_heatmap);
    m_scroll->setWidgetResizable(true);

    auto *controls = new QHBoxLayout;
    for (QWidget *w : std::initializer_list<QWidget *> {m_layerLabel, m_layer, m_matrixLabel, m_matrixBox, m_showLabel,
             m_show, m_zoomLabel, m_zoom, m_compare, m_progress})
        controls->addWidget(w);
    controls->addStretch(1);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_scroll);
    split->addWidget(m_table);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({700, 580}); // the block table's eight columns fit beside the heatmap
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_summary);
    layout->addWidget(m_error);
    layout->addWidget(split, 1);
    resize(1300, 800);

    connect(m_layer, &QComboBox::currentIndexChanged, this, &QuantWindow::fillMatrices);
    connect(m_matrixBox, &QComboBox::currentIndexChanged, this, &QuantWindow::readCurrent);
    connect(m_show, &QComboBox::currentIndexChanged, this, &QuantWindow::refreshHeatmap);
    connect(m_zoom, &QComboBox::currentIndexChanged, this, &QuantWindow::setZoomIndex);
    auto *compareMenu = new QMenu(m_compare);
    compareMenu->setToolTipsVisible(true);
    m_compareFile = compareMenu->addAction(QString(), this, [this] { chooseOriginal(false); });
    m_compareFolder = compareMenu->addAction(QString(), this, [this] { chooseOriginal(true); });
    m_compare->setMenu(compareMenu);
    connect(m_heatmap, &QuantHeatmap::blockClicked, this, &QuantWindow::selectBlock);
    retranslate();
}

QuantWindow::~QuantWindow() = default;

bool QuantWindow::openModel(const QString &path)
{
    try {
        m_file = core::gguf::GgufFile::open(path.toStdString());
    } catch (const std::exception &e) {
        m_problem = fileProblemText(exceptionProblem(e));
        return false;
    }
    m_problem.clear();
    m_path = path;
    m_names = quantMatrixNames(*m_file);
    m_matrix.reset();
    m_heatmap->setMatrix(nullptr, 0, 0, 1);
    m_table->clear();
    fillLayers();
    retranslate();
    return true;
}

bool QuantWindow::openOriginal(const QString &path)
{
    QuantOriginal original;
    if (!path.isEmpty() && QFileInfo(path).isDir()) {
        core::model::LoadModelResult loaded = core::model::loadModel(path.toStdString());
        if (!loaded.ok()) {
            m_problem = fileProblemText(*loaded.problem);
            return false;
        }
        original.weights = std::make_shared<const core::model::ModelWeights>(std::move(*loaded.weights));
        const core::gguf::GgufValue *arch = m_file ? m_file->find("general.architecture") : nullptr;
        original.arch = arch ? arch->text : std::string();
    } else if (!path.isEmpty()) {
        try {
            original.file = core::gguf::GgufFile::open(path.toStdString());
        } catch (const std::exception &e) {
            m_problem = fileProblemText(exceptionProblem(e));
            return false;
        }
    }
    m_original = std::move(original);
    m_originalPath = path;
    m_problem.clear();
    readCurrent();
    return true;
}

bool QuantWindow::showMatrix(const QString &name)
{
    const int layer = m_layer->findData(layerOf(name));
    if (layer < 0)
        return false;
    m_layer->setCurrentIndex(layer);
    const int index = m_matrixBox->findData(name);
    if (index < 0)
        return false;
    m_matrixBox->setCurrentIndex(index);
    return true;
}

void QuantWindow::setShowError(bool error)
{
    m_show->setCurrentIndex(error ? 1 : 0);
}

void QuantWindow::selectBlock(std::int64_t block)
{
    if (!m_matrix || !m_matrix->tensor || block < 0)
        return;
    const core::gguf::GgufTensor &t = *m_matrix->tensor;
    const std::uint64_t blocks = t.elements / t.type->blockSize;
    if (std::uint64_t(block) >= blocks)
        return;
    m_heatmap->setSelectedBlock(block);
    m_table->setBlock(core::gguf::decodeBlock(t.ggmlType(), m_file->data(t), std::uint64_t(block)), m_matrix->cols,
        blocks, m_matrix->original.empty() ? nullptr : m_matrix->original.data());
}

QString QuantWindow::summary() const
{
    return m_summary->text();
}

QString QuantWindow::errorSummary() const
{
    return m_error->text();
}

void QuantWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void QuantWindow::retranslate()
{
    setWindowTitle(m_path.isEmpty() ? tr("Quantization") : tr("Quantization — %1").arg(QFileInfo(m_path).fileName()));
    m_layerLabel->setText(tr("&Layer:"));
    m_matrixLabel->setText(tr("&Matrix:"));
    m_showLabel->setText(tr("&Show:"));
    m_zoomLabel->setText(tr("&Zoom:"));
    m_layer->setToolTip(tr("The layer whose weight matrices are listed; \"Outside the layers\" holds the token "
                           "embeddings and the output head"));
    m_matrixBox->setToolTip(tr("The weight matrix to look at, by its name in the GGUF file"));
    m_show->setToolTip(tr("Colour the heatmap by the dequantized values, or by each weight's error against the "
                          "original (needs Compare with Original…)"));
    m_show->setItemText(0, tr("Dequantized values"));
    m_show->setItemText(1, tr("Error (quantized − original)"));
    m_zoom->setToolTip(tr("Fit shows the whole matrix, one pixel standing for the largest weight it covers; a "
                          "zoom in pixels per weight shows every weight, with a scroll bar"));
    m_zoom->setItemText(0, tr("Fit"));
    for (int i = 1; i < int(std::size(kZooms)); ++i)
        m_zoom->setItemText(i, tr("%1 px per weight").arg(kZooms[i]));
    m_compare->setText(tr("&Compare with Original…"));
    m_compare->setToolTip(tr("Open the same model in F16, BF16 or F32 beside this file to see what quantization "
                             "changed in each weight"));
    m_compareFile->setText(tr("&GGUF File…"));
    m_compareFile->setToolTip(tr("A GGUF file of the same model in F16, BF16 or F32"));
    m_compareFolder->setText(tr("Checkpoint &Folder…"));
    m_compareFolder->setToolTip(
        tr("The model's Hugging Face folder (config.json, model.safetensors), as File → Open Model opens it"));
    m_heatmap->setToolTip(tr("Each weight coloured blue below zero, red above; the lines are block boundaries. "
                             "Click a block to see its scale, min and codes."));
    m_progress->setToolTip(tr("Reading and dequantizing the matrix"));
    if (m_layer->count() > 0 && m_layer->itemData(m_layer->count() - 1).toString().isEmpty())
        m_layer->setItemText(m_layer->count() - 1, tr("Outside the layers"));
    refreshSummary();
}

void QuantWindow::fillLayers()
{
    const QSignalBlocker block(m_layer);
    m_layer->clear();
    bool outside = false;
    for (const std::string &n : m_names) {
        const QString layer = layerOf(QString::fromStdString(n));
        if (layer.isEmpty())
            outside = true;
        else if (m_layer->findData(layer) < 0)
            m_layer->addItem(layer, layer);
    }
    if (outside)
        m_layer->addItem(tr("Outside the layers"), QString());
    m_layer->setCurrentIndex(0);
    fillMatrices();
}

void QuantWindow::fillMatrices()
{
    const QString layer = m_layer->currentData().toString();
    {
        const QSignalBlocker block(m_matrixBox);
        m_matrixBox->clear();
        for (const std::string &n : m_names) {
            const QString name = QString::fromStdString(n);
            if (layerOf(name) != layer)
                continue;
            QString shown = layer.isEmpty() ? name : name.mid(layer.size() + 1);
            if (shown.endsWith(QStringLiteral(".weight")))
                shown.chop(7);
            m_matrixBox->addItem(shown, name);
        }
    }
    readCurrent();
}

void QuantWindow::readCurrent()
{
    if (!m_file || m_matrixBox->currentIndex() < 0)
        return;
    const std::uint64_t request = ++m_request;
    m_busy = true;
    m_progress->show();
    auto result = std::make_shared<QuantMatrix>();
    QThread *worker = QThread::create(
        [result, file = m_file, original = m_original, name = m_matrixBox->currentData().toString().toStdString()] {
            try {
                *result = readQuantMatrix(file, name, original);
            } catch (const std::exception &) {
                *result = QuantMatrix {}; // a tensor that cannot be read shows nothing
            }
        });
    connect(worker, &QThread::finished, worker, &QObject::deleteLater);
    connect(worker, &QThread::finished, this, [this, request, result] {
        if (request != m_request)
            return;
        m_busy = false;
        m_progress->hide();
        applyMatrix(result);
    });
    worker->start();
}

void QuantWindow::applyMatrix(std::shared_ptr<QuantMatrix> matrix)
{
    const std::int64_t selected = m_heatmap->selectedBlock();
    const bool sameShape = m_matrix && matrix->rows == m_matrix->rows && matrix->cols == m_matrix->cols;
    m_matrix = std::move(matrix);
    m_show->setEnabled(!m_matrix->errors.empty());
    if (m_matrix->errors.empty())
        m_show->setCurrentIndex(0);
    refreshHeatmap();
    refreshSummary();
    if (sameShape && selected >= 0)
        selectBlock(selected);
    else
        m_table->clear();
    Q_EMIT matrixShown();
}

void QuantWindow::refreshHeatmap()
{
    if (!m_matrix || !m_matrix->tensor) {
        m_heatmap->setMatrix(nullptr, 0, 0, 1);
        return;
    }
    const std::int64_t selected = m_heatmap->selectedBlock();
    const bool error = m_show->currentIndex() == 1 && !m_matrix->errors.empty();
    const core::gguf::GgufTensor &t = *m_matrix->tensor;
    const core::gguf::QuantBlock first = core::gguf::decodeBlock(t.ggmlType(), m_file->data(t), 0);
    m_heatmap->setMatrix(error ? m_matrix->errors.data() : m_matrix->values.data(), m_matrix->rows, m_matrix->cols,
        int(t.type->blockSize), first.groups.empty() ? 0 : first.groups.front().count);
    m_heatmap->setSelectedBlock(selected);
}

void QuantWindow::refreshSummary()
{
    if (!m_matrix || !m_matrix->tensor) {
        m_summary->setText(
            m_file && m_names.empty() ? tr("This file holds no weight matrix this window can read.") : QString());
        m_error->setText(m_original.empty()
                ? tr("No original open: Compare with Original… shows the error of each weight.")
                : QString());
        return;
    }
    const core::gguf::GgufTensor &t = *m_matrix->tensor;
    const QLocale locale;
    m_summary->setText(
        tr("%1: %2, %3 bits per weight · %4 rows × %5 columns · %6 bytes · %7 blocks of %8 weights")
            .arg(QString::fromStdString(t.name), QString::fromLatin1(t.type->name),
                locale.toString(core::gguf::bitsPerWeight(*t.type), 'g', 6), locale.toString(m_matrix->rows),
                locale.toString(m_matrix->cols), locale.toString(qint64(t.bytes)),
                locale.toString(qint64(t.elements / t.type->blockSize)), locale.toString(int(t.type->blockSize))));
    const QString original = QFileInfo(m_originalPath).fileName();
    switch (m_matrix->originalProblem) {
    case QuantMatrix::Problem::Missing:
        m_error->setText(
            tr("%1 has no readable tensor %2 to compare with.").arg(original, QString::fromStdString(t.name)));
        return;
    case QuantMatrix::Problem::Shape:
        m_error->setText(
            tr("%1's tensor %2 has another shape: not the same model.").arg(original, QString::fromStdString(t.name)));
        return;
    case QuantMatrix::Problem::None:
        break;
    }
    if (m_matrix->errors.empty()) {
        m_error->setText(tr("No original open: Compare with Original… shows the error of each weight."));
        return;
    }
    const core::gguf::QuantError &e = m_matrix->error;
    // The block table's format: fixed decimals, never a power of ten.
    const int decimals = QuantBlockTable::sharedDecimals({e.maxAbs, e.rms, e.meanAbs});
    const auto number = [decimals](double v) { return formatCellValue(v, decimals); };
    const core::gguf::GgufTensor *o = m_original.file ? m_original.file->tensor(t.name) : nullptr;
    m_error->setText(
        tr("Against %1 (%2): largest |error| %3 at row %4, column %5 · RMS error %6 · mean |error| %7")
            .arg(original, o ? QString::fromLatin1(o->type->name) : QStringLiteral("safetensors"), number(e.maxAbs),
                locale.toString(qint64(e.maxAt / std::size_t(m_matrix->cols))),
                locale.toString(qint64(e.maxAt % std::size_t(m_matrix->cols))), number(e.rms), number(e.meanAbs)));
}

void QuantWindow::chooseOriginal(bool folder)
{
    const QString start = QFileInfo(m_path).absolutePath();
    const QString path = folder
        ? LocalizedFileDialog::getExistingDirectory(this, tr("Compare with a Checkpoint Folder"), start)
        : LocalizedFileDialog::getOpenFileName(
            this, tr("Compare with a GGUF File"), start, tr("GGUF files (*.gguf);;All files (*)"));
    if (path.isEmpty())
        return;
    if (!openOriginal(path))
        m_error->setText(tr("The original could not be opened:\n%1").arg(m_problem));
}

void QuantWindow::setZoomIndex(int index)
{
    const int zoom = index >= 0 && index < int(std::size(kZooms)) ? kZooms[index] : 0;
    // The size limits first: a resizable scroll area then fits the heatmap to its viewport.
    m_heatmap->setZoom(zoom);
    m_scroll->setWidgetResizable(zoom == 0);
}

} // namespace attnlab::ui
