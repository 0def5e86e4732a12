#pragma once
// The main window's ways into the translation view: Tools → Translate… (Ctrl+Shift+T), and in
// File → Examples the 猫吃鱼 "translate it" entry, which opens opus-mt-zh-en from the Hugging Face
// cache when it is there and the built-in demo model otherwise (written at first use into the
// cache folder: core/translate/demomarian with the .spm files of resources/translate/demo).

#include <QObject>
#include <QString>

class QAction;
class QMenu;
class QWidget;

namespace attnlab::ui {

class TranslationWindow;

class TranslateActions : public QObject {
    Q_OBJECT
public:
    TranslateActions(QWidget *window, QMenu *tools, QMenu *examples);

    QAction *translateAction() const { return m_translate; }
    QAction *exampleAction() const { return m_example; }
    // The view, created when first asked for.
    TranslationWindow *view();
    void showView();
    // Shows the view and runs the 猫吃鱼 example in it.
    void openExample();

    // The built-in demo model's folder, written when missing; empty with `problem` set when it
    // cannot be written.
    static QString demoModelFolder(QString *problem = nullptr);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void retranslate();
    void addExampleTo(QMenu *examples);

    QWidget *m_window;
    QAction *m_translate;
    QAction *m_example;
    TranslationWindow *m_view = nullptr;
};

} // namespace attnlab::ui
