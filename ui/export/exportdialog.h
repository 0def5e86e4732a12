#pragma once
// The save dialog of every export (board, cards, matrices, handout, worksheet, charts): it offers
// the format table's formats for what is exported and starts where the last export went.

#include "ui/export/exportformat.h"

#include <QString>

#include <functional>

class QWidget;

namespace attnlab::ui {

class ExportDialog {
public:
    // Replaces the file dialog (tests): gets the path the dialog would start with (the start
    // directory and the suggested name) and the filter, returns a path or "". An empty function
    // brings the dialog back.
    using Chooser = std::function<QString(const QString &suggestedPath, const QString &filter)>;
    static void setChooser(Chooser chooser);

    // The folder the dialogs open in: the last folder `sceneFile` was exported to, else the
    // scene's own folder, else the last export folder (an untitled scene, a chart), else the home
    // folder.
    static QString startDirectory(const QString &sceneFile);

    // Asks where to export `content` made from `sceneFile` ("" for none), suggesting `baseName`
    // with the first format's suffix. Returns the path with a suffix of one of the formats (the
    // chosen filter's when the typed name has none of them), or "" when cancelled; remembers its
    // folder for startDirectory().
    static QString savePath(
        QWidget *parent, const QString &baseName, ExportContent content, const QString &sceneFile = QString());

    // Tells the user an export failed, and why.
    static void showFailure(QWidget *parent, const QString &error);
};

} // namespace attnlab::ui
