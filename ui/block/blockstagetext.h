#pragma once
// The words of the block board, one row per stage (core/model/lens/blockderivation.h's
// BlockStage): its title, its formula in the family's own order (pre- or post-norm, LayerNorm or
// RMSNorm, GELU or the gated SiLU) and an explanation in our own words, all in the current
// language.

#include "core/model/lens/blockderivation.h"

#include <QCoreApplication>
#include <QString>

namespace attnlab::ui {

class BlockStageText {
    Q_DECLARE_TR_FUNCTIONS(BlockStageText)
public:
    // "attn_in" — the name the issue and the command line's --dump --block use.
    static QString key(core::model::BlockStage stage);
    // "Attention input (attn_in)".
    static QString title(core::model::BlockStage stage);
    static QString formula(core::model::BlockStage stage, const core::model::ModelConfig &config);
    static QString explanation(core::model::BlockStage stage, const core::model::ModelConfig &config);
    // "GELU (tanh)", "SiLU", …
    static QString activationName(core::model::Activation activation);
    // "LayerNorm" or "RMSNorm".
    static QString normName(core::model::NormKind kind);
};

} // namespace attnlab::ui
