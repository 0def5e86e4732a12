#pragma once
// The Quantization window (Tools → Quantization…, and the model room's tool bar, when the open
// model is a GGUF file): pick a weight matrix by layer and name, see its dequantized values as a
// heatmap with the quantization blocks drawn, click a block for its scale(s), min and codes
// (QuantBlockTable); the tensor's type, bits per weight and size above. Compare with Original…
// opens the same model in another type (F16, BF16, F32) beside it, a GGUF file or a checkpoint
// folder: the heatmap can then show the error of each weight, and the summary its largest
// magnitude and RMS.
//
// A matrix is read and dequantized on a worker thread (a busy bar meanwhile), so a 4,864 × 896
// matrix never freezes the window; the heatmap paints only what is on screen.

#include "ui/quant/quantmatrix.h"

#include <QWidget>

#include <cstdint>
#include <memory>

class QAction;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QScrollArea;

namespace attnlab::ui {

class QuantBlockTable;
class QuantHeatmap;

class QuantWindow : public QWidget {
    Q_OBJECT
public:
    explicit QuantWindow(QWidget *parent = nullptr);
    ~QuantWindow() override;

    // Opens the GGUF file at `path` and shows its first matrix. False, with problem() set, when
    // it cannot be opened.
    bool openModel(const QString &path);
    // Opens the original to compare with (a GGUF file, or a checkpoint folder the model loader
    // reads); an empty path closes it.
    bool openOriginal(const QString &path);
    QString problem() const { return m_problem; }
    QString modelPath() const { return m_path; }

    // Shows the matrix named `name` (e.g. "blk.0.attn_q.weight"); false when the file has none.
    bool showMatrix(const QString &name);
    // Shows the error heatmap (when an original is open) instead of the values.
    void setShowError(bool error);
    void selectBlock(std::int64_t block);

    // A matrix is being read on the worker.
    bool isBusy() const { return m_busy; }
    // The matrix shown (null before the first has been read).
    const QuantMatrix *matrix() const { return m_matrix.get(); }
    QuantHeatmap *heatmap() const { return m_heatmap; }
    QuantBlockTable *blockTable() const { return m_table; }
    QString summary() const;
    QString errorSummary() const;

Q_SIGNALS:
    // A matrix finished reading and is on screen.
    void matrixShown();

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void fillLayers();
    void fillMatrices();
    void readCurrent();
    void applyMatrix(std::shared_ptr<QuantMatrix> matrix);
    void refreshHeatmap();
    void refreshSummary();
    void chooseOriginal(bool folder);
    void setZoomIndex(int index);

    QComboBox *m_layer;
    QComboBox *m_matrixBox;
    QComboBox *m_show;
    QComboBox *m_zoom;
    QPushButton *m_compare;
    QAction *m_compareFile;
    QAction *m_compareFolder;
    QLabel *m_layerLabel;
    QLabel *m_matrixLabel;
    QLabel *m_showLabel;
    QLabel *m_zoomLabel;
    QLabel *m_summary;
    QLabel *m_error;
    QProgressBar *m_progress;
    QScrollArea *m_scroll;
    QuantHeatmap *m_heatmap;
    QuantBlockTable *m_table;

    QString m_path;
    QString m_originalPath;
    QString m_problem;
    std::shared_ptr<core::gguf::GgufFile> m_file;
    QuantOriginal m_original;
    std::vector<std::string> m_names;
    std::shared_ptr<QuantMatrix> m_matrix;
    std::uint64_t m_request = 0; // the newest read asked for; older results are dropped
    bool m_busy = false;
};

} // namespace attnlab::ui
