#pragma once
// The "Heads" dock: the grid of every head's weights. It appears by itself when the scene
// gains a second head and goes away when it is back to one; in between the user decides.

#include "ui/i18n/retranslating.h"

#include <QDockWidget>

namespace attnlab::ui {

class Document;
class HeadGrid;

class HeadsDock : public Retranslating<QDockWidget> {
    Q_OBJECT
public:
    explicit HeadsDock(Document *document, QWidget *parent = nullptr);

    HeadGrid *grid() const { return m_grid; }
    // Shows the dock when the scene has several heads, hides it when it has one.
    void followHeadCount();

protected:
private:
    void onSceneChanged();
    void retranslate() override;

    Document *m_document;
    HeadGrid *m_grid;
    int m_heads = 0;
};

} // namespace attnlab::ui
