#pragma once
// A file dialog that opens either kind of model: a checkpoint folder (one holding config.json) or
// one file (a .gguf). QFileDialog picks folders or files, never both: in its Directory mode a
// selected file is ignored, and in its ExistingFile mode a selected folder is entered instead of
// chosen. This dialog takes a folder holding config.json as the answer — selected, typed, or the
// one being shown — enters any other folder, takes a checkpoint's own file (config.json,
// model.safetensors) as its folder, and any other file (a .gguf) as the answer.

#include <QFileDialog>

namespace attnlab::ui {

class ModelPathDialog : public QFileDialog {
public:
    ModelPathDialog(QWidget *parent, const QString &caption, const QString &dir, const QString &filter);

    // The folder or file chosen; empty until accepted.
    QString chosenPath() const { return m_chosen; }
    // True for a folder holding a model's config.json.
    static bool isModelFolder(const QString &path);
    // Runs the dialog with its file list in the interface language; the chosen path or "".
    static QString getModelPath(QWidget *parent, const QString &caption, const QString &dir, const QString &filter);

    void accept() override;

private:
    QString m_chosen;
};

} // namespace attnlab::ui
