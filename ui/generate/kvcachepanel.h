#pragma once
// The KV cache of generation, per layer: how many key and value rows are cached (one per token
// the model has read, in every layer), and the memory they take,
// 2 · layers · kv_heads · head_dim · tokens · bytes, beside what one key and value per query
// head would take without grouped-query attention (heads in place of kv_heads). Bytes per
// number are the app's (float, 4). The sizes come from core's Decoder::cacheBytes, the same
// arithmetic as the cache the command line's --generate keeps. Beside the table, the cached key
// and value vectors themselves of the layer selected in it (KvVectorsView). A last line gives the
// size in the checkpoint's own dtype, as --kv-report and an inference engine count it. Below, the
// same model's cache beside the standard designs (KvDesignTable).

#include "core/engine/kvcachesize.h"
#include "ui/i18n/retranslating.h"

#include <QWidget>

#include <cstdint>

class QLabel;
class QTableWidget;

namespace attnlab::ui {

class ModelSession;

class KvVectorsView;
class CachePolicyBar;
class KvDesignTable;

class KvCachePanel : public Retranslating<QWidget> {
    Q_OBJECT
public:
    explicit KvCachePanel(ModelSession *session, QWidget *parent = nullptr);

    static constexpr int kBytesPerNumber = 4;

    // What the panel shows now: cached tokens (0 when nothing is computed), and the two totals.
    int tokens() const { return m_tokens; }
    std::int64_t bytes() const { return m_bytes; }
    std::int64_t bytesWithoutGqa() const { return m_bytesWithoutGqa; }
    // The cache as --kv-report gives it: in the checkpoint's dtype, as an inference engine keeps it.
    const core::engine::KvCacheSize &engineSize() const { return m_engineSize; }
    QTableWidget *table() const { return m_table; }
    KvVectorsView *vectors() const { return m_vectors; }
    CachePolicyBar *policy() const { return m_policy; }
    // This model's cache beside MHA, GQA, MQA and MLA at its sizes (issue 31).
    KvDesignTable *designs() const { return m_designs; }
    QString formulaText() const;

private:
    void retranslate() override;
    void refresh();

    ModelSession *m_session;
    QLabel *m_formula;
    QTableWidget *m_table;
    KvVectorsView *m_vectors;
    CachePolicyBar *m_policy;
    KvDesignTable *m_designs;
    int m_layers = 0;
    int m_heads = 0;
    int m_kvHeads = 0;
    int m_headDim = 0;
    int m_tokens = 0;
    std::int64_t m_bytes = 0;
    std::int64_t m_bytesWithoutGqa = 0;
    core::engine::KvCacheSize m_engineSize;
    int m_maxPositions = 0;
};

} // namespace attnlab::ui
