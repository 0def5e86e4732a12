#pragma once
// The matrix editors: one tab per editable matrix of the scene (embeddings, W_Q, W_K, W_V,
// W_O; Q, K, V in direct mode). Tabs follow the scene: they are rebuilt when the set of
// matrices changes.

#include "ui/document/matrixid.h"
#include "ui/i18n/retranslating.h"

#include <QDockWidget>

#include <vector>

class QAction;
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
    // The matrix of the front tab.
    MatrixId currentMatrix() const;
    void setCurrentMatrix(MatrixId matrix);

    // File → Import Matrix…: a .csv/.tsv/.txt table or a NumPy .npy array of exactly the current
    // matrix's shape replaces it, as one undo step. False with the reason in message().
    bool importMatrix(const QString &path);
    QAction *importAction() const { return m_import; }

protected:
private:
    void retranslate() override;
    void rebuild();
    void onSceneChanged(const core::Edit &edit);
    void showMessage(const QString &text, bool error);
    void importInteractively();

    Document *m_document;
    QTabWidget *m_tabs;
    QLabel *m_message;
    QAction *m_import;
    std::vector<MatrixId> m_matrices;
    std::vector<MatrixTableView *> m_views;
};

} // namespace attnlab::ui
