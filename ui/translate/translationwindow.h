#pragma once
// The translation view (issue 35): open a Marian (opus-mt) folder, type a source sentence and
// translate it on a worker, greedy or by beam search (the beams generation_config.json asks for by
// default), with progress and Cancel; the translation and every view grow token by token. One of
// the three attentions is shown — the cross-attention (target × source), the encoder's
// self-attention (source × source) or the decoder's causal self-attention (target × target) — for
// any layer and head or the heads' average: the selected query token's weights as lines (the
// model room's head view turned on its side), the whole matrix as a heatmap, and every head of
// that attention as a layers × heads grid of thumbnails (click one to show it). The alignment
// table lists, per layer, the source token each target token attends to most, and names the layer
// most confident on this sentence (attention is not word alignment).

#include "ui/i18n/retranslating.h"

#include "core/types.h"

#include <QWidget>

#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTextBrowser;

namespace attnlab::ui {

class AttentionGrid;
class CrossAttentionLines;
class MatrixPlot;
class TranslationRun;

class TranslationWindow : public Retranslating<QWidget> {
    Q_OBJECT
public:
    explicit TranslationWindow(QWidget *parent = nullptr);
    ~TranslationWindow() override;

    // Opens a Marian folder or hub id on the worker (false while busy).
    bool openModel(const QString &dir);
    // Translates the source field's text (false while busy or without a model).
    bool translate();
    void cancel();
    // The 猫吃鱼 example: opus-mt-zh-en from the hub cache when it is there, else `fallbackDir`
    // (the built-in demo model); then translates 猫吃鱼.
    void openExample(const QString &fallbackDir);

    TranslationRun *run() const { return m_run; }
    QLineEdit *sourceEdit() const { return m_source; }
    QSpinBox *beamsBox() const { return m_beams; }
    QSpinBox *maxTokensBox() const { return m_maxTokens; }
    // Which attention is shown: 0 cross, 1 the encoder's, 2 the decoder's (AttentionKind order
    // below).
    QComboBox *kindBox() const { return m_kind; }
    QSpinBox *layerBox() const { return m_layer; }
    QSpinBox *headBox() const { return m_head; }
    QCheckBox *averageBox() const { return m_average; }
    QListWidget *targetList() const { return m_targets; }
    MatrixPlot *heatmap() const { return m_heatmap; }
    CrossAttentionLines *lines() const { return m_lines; }
    AttentionGrid *grid() const { return m_grid; }
    // The query row whose lines are drawn: the selected target token, or under the encoder's
    // self-attention the source token last clicked in the lines (−1: none).
    int selectedQuery() const;
    QTableWidget *alignmentTable() const { return m_alignment; }
    QLabel *bestLayerLabel() const { return m_bestLayer; }
    QLabel *statusLabel() const { return m_status; }
    QPushButton *translateButton() const { return m_translate; }
    QPushButton *cancelButton() const { return m_cancel; }
    QPushButton *openOnBoardButton() const { return m_openOnBoard; }
    // Asks for cross-attention head (layer, head) of the finished translation on the pipeline
    // board (the Layer and Head boxes' values, 0-based); false when there is no finished
    // translation or another attention is shown.
    bool openCrossHeadOnBoard();

Q_SIGNALS:
    // The model opened (or failed to) and a translation finished, for tests and the example.
    void modelOpened();
    void translated();
    // The 猫吃鱼 example button was pressed (TranslateActions runs the example).
    void exampleRequested();
    // Cross-attention head (layer, head), 0-based, of the finished translation should open on the
    // pipeline board (TranslateActions opens it).
    void crossHeadRequested(int layer, int head);

private:
    void retranslate() override;
    void browse();
    void onOpened();
    void onProgress();
    void onFinished();
    void showTokens();
    void showAttention();
    void onKindChanged();
    // The shown attention's maps of the current run ([layer][head]).
    const std::vector<std::vector<core::Matrix>> &shownMaps() const;
    void showAlignment();
    void updateEnabled();

    TranslationRun *m_run;
    QLabel *m_modelLabel, *m_sourceLabel, *m_beamsLabel, *m_maxTokensLabel, *m_kindLabel, *m_layerLabel, *m_headLabel;
    QLabel *m_targetsLabel, *m_alignmentTitle, *m_bestLayer, *m_caveat, *m_status;
    QLineEdit *m_folder, *m_source;
    QPushButton *m_browse, *m_open, *m_example, *m_translate, *m_cancel, *m_openOnBoard;
    QSpinBox *m_beams, *m_maxTokens, *m_layer, *m_head;
    QComboBox *m_kind;
    QCheckBox *m_average;
    QProgressBar *m_progress;
    QListWidget *m_targets;
    CrossAttentionLines *m_lines;
    AttentionGrid *m_grid;
    MatrixPlot *m_heatmap;
    QTableWidget *m_alignment;
    QTextBrowser *m_explanation;
    bool m_translateWhenOpen = false;
    int m_sourceQuery = -1; // the clicked source token under the encoder's self-attention
};

} // namespace attnlab::ui
