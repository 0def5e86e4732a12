#pragma once
// The undo steps of the model room: switching heads off and on, and giving a head the weights
// edited on the board. Only these call ModelSession's apply functions.

#include "core/scene/scene.h"
#include "core/types.h"

#include "ui/document/translatedcommand.h"

namespace attnlab::ui {

class ModelSession;

class HeadMaskCommand : public TranslatedCommand {
public:
    HeadMaskCommand(
        ModelSession *session, const core::Matrix &before, const core::Matrix &after, const HistoryText &text);
    void undo() override;
    void redo() override;

private:
    ModelSession *m_session;
    core::Matrix m_before, m_after;
};

class HeadWeightsCommand : public TranslatedCommand {
public:
    HeadWeightsCommand(ModelSession *session, int layer, int head, const core::Scene &before, const core::Scene &after,
        const HistoryText &text);
    void undo() override;
    void redo() override;

private:
    ModelSession *m_session;
    int m_layer, m_head;
    core::Scene m_before, m_after;
};

} // namespace attnlab::ui
