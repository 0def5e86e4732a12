#pragma once
// The main window's ways into the translation view: Tools → Translate… (Ctrl+Shift+T), and in
// File → Examples the 猫吃鱼 "translate it" entry, which opens opus-mt-zh-en from the Hugging Face
// cache when it is there and the built-in demo model otherwise (written at first use into the
// cache folder: core/translate/demomarian with the .spm files of resources/translate/demo); and
// from the view's Open on Board, a cross-attention head on the pipeline board.

#include <QObject>
#include <QString>

class QAction;
class QMenu;
class QWidget;

namespace attnlab::ui {

class Document;
class TranslationWindow;

class TranslateActions : public QObject {
    Q_OBJECT
public:
    // `board`: the pipeline board's document, where a cross-attention head of the view opens
    // (none: the view's Open on Board asks for nothing).
    TranslateActions(QWidget *window, QMenu *tools, QMenu *examples, Document *board = nullptr);

    QAction *translateAction() const { return m_translate; }
    QAction *exampleAction() const { return m_example; }
    // The view, created when first asked for.
    TranslationWindow *view();
    void showView();
    // Shows the view and runs the 猫吃鱼 example in it.
    void openExample();
    // Loads cross-attention head (layer, head), 0-based, of the view's finished translation onto
    // the board as a scene with a memory (core/translate/crossheadscene.h): the query tokens are
    // the decoder's input ([decoder start] + the generated tokens but the last, as the view's
    // maps), the key tokens the source. False, changing nothing, without a board or a
    // translation.
    bool openCrossHead(int layer, int head);

    // The built-in demo model's folder, written when missing; empty with `problem` set when it
    // cannot be written.
    static QString demoModelFolder(QString *problem = nullptr);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void retranslate();
    void addExampleTo(QMenu *examples);

    QWidget *m_window;
    Document *m_board;
    QAction *m_translate;
    QAction *m_example;
    TranslationWindow *m_view = nullptr;
};

} // namespace attnlab::ui
