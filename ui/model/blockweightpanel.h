#pragma once
// The block board's weight editor: pick one of the layer's weight tensors (the norms, W_O and its
// bias, the MLP's matrices and biases) and edit its cells. Each edit is one undo step on the model
// session; the model runs again from this layer, and the prediction panel shows its old value
// beside the new one.

#include "core/model/family/blocktensor.h"
#include "ui/i18n/retranslating.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QTableView;

namespace attnlab::ui {

class BlockWeightModel;
class ModelSession;

class BlockWeightPanel : public Retranslating<QWidget> {
    Q_OBJECT
public:
    explicit BlockWeightPanel(ModelSession *session, QWidget *parent = nullptr);

    // Shows the weights of `layer` (0-based; −1: none), keeping the chosen tensor when the layer has it.
    void setLayer(int layer);
    int layer() const { return m_layer; }
    // Chooses the tensor to edit; false when the layer lacks it.
    bool setTensor(core::model::BlockTensor tensor);

    QComboBox *tensorBox() const { return m_tensors; }
    // What the closed tensor box draws: the whole “name (rows × columns)” when it fits, else the
    // name elided in its middle and the shape whole.
    QString tensorBoxText() const;
    QTableView *table() const { return m_table; }
    BlockWeightModel *model() const { return m_model; }

private:
    void retranslate() override;
    void fillTensors();
    void showChosen();

    ModelSession *m_session;
    int m_layer = -1;
    QLabel *m_title;
    QComboBox *m_tensors;
    QTableView *m_table = nullptr;
    QLabel *m_note;
    BlockWeightModel *m_model;
};

} // namespace attnlab::ui
