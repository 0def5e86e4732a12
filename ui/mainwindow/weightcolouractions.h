#pragma once
// View → Colours of the Weights: the colour map of the attention weights on every card, in
// presentation mode and in exports, and whether their colours span 0 to 1 or 0 to the largest
// weight. Both choices are remembered (readSettings / writeSettings).

#include <QObject>
#include <QString>

class QAction;
class QMenu;

namespace attnlab::ui {

class ExportActions;
class PipelineBoard;
class PresentationView;

class WeightColourActions : public QObject {
    Q_OBJECT
public:
    // Adds the submenu to `parentMenu`; the choices apply to the board, the presentation view and
    // the exports.
    WeightColourActions(QMenu *parentMenu, PipelineBoard *board, PresentationView *presentationView,
        ExportActions *exportActions, QObject *parent);

    QMenu *menu() const { return m_menu; }
    // One of sequentialMapNames(); any other name is ignored.
    QString sequentialMap() const { return m_sequentialMap; }
    void setSequentialMap(const QString &name);
    // The weights' colours over [0, largest weight] rather than [0, 1].
    bool autoWeightsRange() const { return m_autoWeightsRange; }
    void setAutoWeightsRange(bool autoRange);

    void readSettings();
    void writeSettings() const;
    // Re-applies the translated texts (after a language switch).
    void retranslate();

private:
    PipelineBoard *m_board;
    PresentationView *m_presentationView;
    ExportActions *m_exportActions;
    QMenu *m_menu;
    QAction *m_fixedRange;
    QAction *m_autoRange;
    QString m_sequentialMap = QStringLiteral("viridis");
    bool m_autoWeightsRange = false;
};

} // namespace attnlab::ui
