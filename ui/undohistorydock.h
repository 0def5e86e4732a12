#pragma once
// The undo history: every edit as a line; clicking a line goes back (or forward) to it.

#include <QDockWidget>

class QUndoView;

namespace attnlab::ui {

class Document;

class UndoHistoryDock : public QDockWidget {
    Q_OBJECT
public:
    explicit UndoHistoryDock(Document *document, QWidget *parent = nullptr);

    QUndoView *view() const { return m_view; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    QUndoView *m_view;
};

} // namespace attnlab::ui
