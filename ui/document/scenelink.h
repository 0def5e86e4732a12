#pragma once
// A scene that shows part of another document: the scene board showing one head of the model
// (ui/model/boardlink.h). While a Document has a link, an edit of a matrix the link takes is not
// made to the scene: it goes to the link, which makes it one undo step of the other document, and
// the scene and its stages come back from there (Document::showLinked). Any other edit first
// unlinks the Document, which becomes an ordinary scene again.

#include "core/types.h"
#include "ui/document/historytext.h"
#include "ui/document/matrixid.h"

#include <QString>

#include <vector>

namespace attnlab::ui {

class DocumentBase;

// Cells of one matrix of the scene from (row, column) on, as the scene holds them.
struct SceneCells {
    MatrixId matrix = MatrixId::WQ;
    int row = 0, column = 0;
    core::Matrix values;
};

class SceneLink {
public:
    virtual ~SceneLink() = default;
    // Whether edits of `matrix` go to the linked document.
    virtual bool takes(MatrixId matrix) const = 0;
    // Makes `cells` one undo step of the linked document, named `text` (null: the link names
    // it). `gesture` (startGesture()) merges the steps of one scrub of one cell into one entry; 0
    // for an edit of its own. False, changing nothing, when the link refuses them.
    virtual bool edit(const std::vector<SceneCells> &cells, const HistoryText &text, int gesture) = 0;
    // A new scrub gesture's number, never 0.
    virtual int startGesture() = 0;
    // The document whose history holds the linked edits (Edit → Undo follows it while linked).
    virtual DocumentBase *document() const = 0;
    // What the scene shows and where its edits go, one or two sentences in the current language.
    virtual QString description() const = 0;
};

} // namespace attnlab::ui
