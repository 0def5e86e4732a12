#pragma once
// The matrix editors: one tab per editable matrix of the scene (embeddings, W_Q, W_K, W_V,
// W_O; Q, K, V in direct mode). Tabs follow the scene: they are rebuilt when the set of
// matrices changes.

#include "ui/document/matrixid.h"
#include "ui/i18n/retranslating.h"

#include <QDockWidget>

#include <vector>

class QLabel;
class QTabWidget;

namespace attnlab::core {
struct Edit;
}

namespace attnlab::ui {

class Document;
class MatrixTableView;

class MatrixEditorDock : public Retranslating<QDockWidget> {
    Q_OBJECT
public:
    explicit MatrixEditorDock(Document *document, QWidget *parent = nullptr);

    // The matrices that currently have a tab, in tab order.
    std::vector<MatrixId> matrices() const { return m_matrices; }
    // The view of a matrix, or nullptr when it has no tab.
    MatrixTableView *view(MatrixId matrix) const;
    QString message() const;

protected:
private:
    void retranslate() override;
    void rebuild();
    void onSceneChanged(const core::Edit &edit);
    void showMessage(const QString &text, bool error);

    Document *m_document;
    QTabWidget *m_tabs;
    QLabel *m_message;
    std::vector<MatrixId> m_matrices;
    std::vector<MatrixTableView *> m_views;
};

} // namespace attnlab::ui
