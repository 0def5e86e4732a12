#include "ui/model/blockweightpanel.h"

#include "ui/editors/scrubtableview.h"
#include "ui/model/blockweightmodel.h"
#include "ui/model/modelsession.h"

#include <algorithm>

#include <QAbstractItemView>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QPersistentModelIndex>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QStyleOptionComboBox>
#include <QStylePainter>
#include <QVBoxLayout>

namespace attnlab::ui {

namespace model = core::model;

namespace {

// The weights scrub as the scene's matrices do; one drag of a cell, or wheel notches on one cell
// in a row, is one gesture: one history entry, and one re-run of the model at a time.
class WeightTable : public ScrubTableView {
public:
    explicit WeightTable(BlockWeightModel *model, QWidget *parent)
        : ScrubTableView(parent)
        , m_model(model)
    {
        setModel(model);
    }
    ~WeightTable() override { endScrub(); }

protected:
    double cellValue(const QModelIndex &index) const override { return m_model->value(index.row(), index.column()); }
    void scrubStarted(const QModelIndex &) override
    {
        m_gesture = m_model->session()->startScrubGesture();
        m_wheeled = QModelIndex();
    }
    void scrubbed(const QModelIndex &index, double value) override
    {
        if (!isDragging() && index != m_wheeled) {
            m_gesture = m_model->session()->startScrubGesture();
            m_wheeled = index;
        }
        m_model->setValue(index.row(), index.column(), core::Scalar(value), m_gesture);
    }
    void scrubFinished() override { m_gesture = 0; }

private:
    BlockWeightModel *m_model;
    int m_gesture = 0;
    QPersistentModelIndex m_wheeled; // the cell the last wheel notches scrubbed
};

// Item data: the tensor's name and shape, so the closed box can elide the name and keep the shape.
constexpr int NameRole = Qt::UserRole + 1;
constexpr int RowsRole = Qt::UserRole + 2;
constexpr int ColsRole = Qt::UserRole + 3;

QString tensorText(const QString &name, int rows, int cols)
{
    return BlockWeightPanel::tr("%1 (%2 × %3)").arg(name).arg(rows).arg(cols);
}

// BERT's names (“attention.output.LayerNorm.weight”) are wider than the panel: the closed box
// draws the name elided in its middle, where its parts repeat least, and the shape whole.
class TensorBox : public QComboBox {
public:
    using QComboBox::QComboBox;

    QString shownText() const
    {
        const int i = currentIndex();
        if (i < 0)
            return {};
        QStyleOptionComboBox option;
        initStyleOption(&option);
        const int width
            = style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, this).width();
        const QString full = itemText(i);
        const QFontMetrics metrics = fontMetrics();
        if (metrics.horizontalAdvance(full) <= width)
            return full;
        const int rows = itemData(i, RowsRole).toInt();
        const int cols = itemData(i, ColsRole).toInt();
        const int room = width - metrics.horizontalAdvance(tensorText(QString(), rows, cols));
        return tensorText(
            metrics.elidedText(itemData(i, NameRole).toString(), Qt::ElideMiddle, std::max(0, room)), rows, cols);
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QStylePainter painter(this);
        QStyleOptionComboBox option;
        initStyleOption(&option);
        option.currentText = shownText();
        painter.drawComplexControl(QStyle::CC_ComboBox, option);
        painter.drawControl(QStyle::CE_ComboBoxLabel, option);
    }
};

} // namespace

BlockWeightPanel::BlockWeightPanel(ModelSession *session, QWidget *parent)
    : Retranslating<QWidget>(parent)
    , m_session(session)
    , m_title(new QLabel(this))
    , m_tensors(new TensorBox(this))
    , m_note(new QLabel(this))
    , m_model(new BlockWeightModel(session, this))
{
    setObjectName(QStringLiteral("BlockWeightPanel"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_table = new WeightTable(m_model, this);
    m_note->setWordWrap(true);
    // The box may be narrower than its longest item (it elides); the panel's width is the board's.
    m_tensors->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_tensors->setMinimumContentsLength(12);
    m_table->setEditTriggers(
        QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed | QAbstractItemView::AnyKeyPressed);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->horizontalHeader()->setDefaultSectionSize(60);
    m_table->verticalHeader()->setDefaultSectionSize(22);
    layout->addWidget(m_title);
    layout->addWidget(m_tensors);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_note);
    connect(m_tensors, &QComboBox::currentIndexChanged, this, &BlockWeightPanel::showChosen);
    connect(m_session, &ModelSession::modelLoaded, this, [this] { setLayer(-1); });
    retranslate();
}

void BlockWeightPanel::retranslate()
{
    m_title->setText(m_layer < 0 ? tr("<b>Weights</b>") : tr("<b>Weights of layer %1</b>").arg(m_layer + 1));
    m_table->setToolTip(tr("Double-click or start typing to edit a cell. Drag sideways on a cell to scrub its value "
                           "and watch the prediction follow; the mouse wheel scrubs the selected cell. Shift: coarse "
                           "steps, Ctrl: fine steps. Each edit or drag is one undo step (Ctrl+Z); the model runs "
                           "again from this layer."));
    m_note->setText(tr("An edit changes the model's own copy of this layer's weights, never the checkpoint "
                       "file. The prediction panel shows the prediction before the edit beside the new one."));
    fillTensors();
}

void BlockWeightPanel::setLayer(int layer)
{
    m_layer = layer;
    retranslate();
}

bool BlockWeightPanel::setTensor(model::BlockTensor tensor)
{
    const int i = m_tensors->findData(int(tensor));
    if (i < 0)
        return false;
    m_tensors->setCurrentIndex(i);
    return true;
}

void BlockWeightPanel::fillTensors()
{
    const int chosen = m_tensors->currentData().isValid() ? m_tensors->currentData().toInt() : -1;
    {
        const QSignalBlocker block(m_tensors);
        m_tensors->clear();
        const model::ModelConfig *config = m_session->config();
        for (const model::BlockTensor t : m_session->blockTensors(m_layer)) {
            const model::BlockShape shape = m_session->blockTensorShape(m_layer, t);
            const QString name = QString::fromStdString(model::blockTensorName(*config->family, t));
            m_tensors->addItem(tensorText(name, shape.rows, shape.cols), int(t));
            const int i = m_tensors->count() - 1;
            m_tensors->setItemData(i, name, NameRole);
            m_tensors->setItemData(i, shape.rows, RowsRole);
            m_tensors->setItemData(i, shape.cols, ColsRole);
            m_tensors->setItemData(i, m_tensors->itemText(i), Qt::ToolTipRole);
        }
        // The open list shows every name whole, however narrow the closed box.
        int widest = 0;
        for (int i = 0; i < m_tensors->count(); ++i)
            widest = std::max(widest, m_tensors->view()->fontMetrics().horizontalAdvance(m_tensors->itemText(i)));
        m_tensors->view()->setMinimumWidth(widest + 4 * m_tensors->view()->fontMetrics().averageCharWidth()
            + m_tensors->view()->verticalScrollBar()->sizeHint().width());
        const int again = m_tensors->findData(chosen);
        m_tensors->setCurrentIndex(again >= 0 ? again : 0);
    }
    showChosen();
}

QString BlockWeightPanel::tensorBoxText() const
{
    return static_cast<const TensorBox *>(m_tensors)->shownText();
}

void BlockWeightPanel::showChosen()
{
    const QString about = tr("Which of the layer's weights to show and edit: the norms' weight and bias, W_O and "
                             "its bias, the MLP's matrices and biases. A matrix reads inputs × outputs (x·W); a "
                             "vector is one row.");
    m_tensors->setToolTip(m_tensors->currentIndex() < 0
            ? about
            : QStringLiteral("<p><b>%1</b></p><p>%2</p>").arg(m_tensors->currentText().toHtmlEscaped(), about));
    const QVariant data = m_tensors->currentData();
    const auto tensor = data.isValid() ? model::BlockTensor(data.toInt()) : model::BlockTensor::MlpIn;
    if (data.isValid() && m_model->layer() == m_layer && m_model->tensor() == tensor)
        return;
    m_model->setTensor(data.isValid() ? m_layer : -1, tensor);
}

} // namespace attnlab::ui
