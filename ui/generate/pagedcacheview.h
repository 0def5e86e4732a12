#pragma once
// The KV cache of the current generation as paged memory (issue 32), as vLLM's PagedAttention
// keeps it: the open model's tokens so far (the prompt and the tokens generated since) cut into
// blocks of a user-set size, for a user-set number of sampled continuations of the prompt that
// share the prompt's blocks (core::engine::sampledContinuations). The blocks as a grid
// (PagedBlockGrid), the block table of each continuation, and the bytes: used, filled, wasted in
// partly filled last blocks, shared, copied on write, and what the continuations would take
// without sharing. Bytes per token are the checkpoint's, as --kv-report counts them.

#include "core/engine/pagedcache.h"
#include "ui/i18n/retranslating.h"

#include <QWidget>

class QDialog;
class QLabel;
class QSpinBox;
class QTableWidget;
class QToolButton;

namespace attnlab::ui {

class ModelSession;
class PagedBlockGrid;

class PagedCacheView : public Retranslating<QWidget> {
    Q_OBJECT
public:
    explicit PagedCacheView(ModelSession *session, QWidget *parent = nullptr);

    static constexpr int kDefaultBlockSize = 16; // vLLM's default
    static constexpr int kDefaultContinuations = 3;

    // What the view shows now: the tokens of the prompt and generated since (0 and 0 without a
    // computed causal model), and the cache made from them.
    int promptTokens() const { return m_prompt; }
    int generatedTokens() const { return m_generated; }
    const core::engine::PagedCache &cache() const;
    QSpinBox *blockSizeBox() const { return m_blockSize; }
    QSpinBox *continuationsBox() const { return m_continuations; }
    QTableWidget *table() const { return m_table; }
    PagedBlockGrid *grid() const { return m_grid; }
    QString summaryText() const;
    // The explanation page in `language`, its worked example's numbers computed by the core.
    static QString pageHtml(const QString &language);

private:
    void retranslate() override;
    void refresh();
    void showExplanation();

    ModelSession *m_session;
    QLabel *m_blockSizeLabel;
    QSpinBox *m_blockSize;
    QLabel *m_continuationsLabel;
    QSpinBox *m_continuations;
    QToolButton *m_help;
    PagedBlockGrid *m_grid;
    QTableWidget *m_table;
    QLabel *m_summary;
    QDialog *m_page = nullptr;
    int m_prompt = 0;
    int m_generated = 0;
    bool m_causal = false;
};

} // namespace attnlab::ui
