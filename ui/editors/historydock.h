#pragma once
// The History dock: every edit of the scene since it was opened, a click going back to that
// point. While the board is linked to a model head (Document::historyOwner()), the scene's weight
// edits are the model's, and the dock lists the model's history.

#include "ui/editors/tooldock.h"

class QUndoView;

namespace attnlab::ui {

class Document;

class HistoryDock : public ToolDock {
    Q_OBJECT
public:
    explicit HistoryDock(Document *document, QWidget *parent = nullptr);

    QUndoView *view() const;
};

} // namespace attnlab::ui
