#pragma once
// The presentation view: one stage card at a time, large and high-contrast, following the step
// control, for projecting in a classroom. Clickers (Page Up / Page Down) and the arrow keys step.
// A side panel (the inspector and the explanation, made by whoever composes the window) can
// stand beside the card, and the card can be enlarged to the whole screen.

#include "ui/i18n/retranslating.h"

#include <QPalette>
#include <QWidget>

#include <functional>

class QLabel;
class QSplitter;
class QVBoxLayout;

namespace attnlab::ui {

class Document;
class StageCard;
class StepController;

class PresentationView : public Retranslating<QWidget> {
    Q_OBJECT
public:
    PresentationView(Document *document, StepController *steps, QWidget *parent = nullptr);

    StageCard *card() const { return m_card; }
    void setZoom(double zoom);
    double zoom() const { return m_zoom; }
    void setSequentialMap(const QString &name);
    void setAutoWeightsRange(bool autoRange);

    // Makes the side panel the first time it is shown (it costs nothing until then).
    void setSidePanelFactory(std::function<QWidget *()> factory);
    void setSidePanelVisible(bool visible);
    bool isSidePanelVisible() const { return m_sideVisible; }
    // The panel, once made.
    QWidget *sidePanel() const { return m_side; }

    // The card alone on the screen: no sentence, hints or side panel.
    void setEnlarged(bool enlarged);
    bool isEnlarged() const { return m_enlarged; }

Q_SIGNALS:
    void enlargedChanged(bool enlarged);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void showCurrentStage();
    void refreshTexts();
    void retranslate() override { refreshTexts(); }
    void applyFonts();
    // White on black with the yellow accent, for the side panel's widgets.
    static QPalette sidePalette();
    void applyVisibility();
    void elideSentence();

    Document *m_document;
    StepController *m_steps;
    QLabel *m_sentence;
    QLabel *m_progress;
    QLabel *m_hint;
    QVBoxLayout *m_layout;
    QSplitter *m_body;
    StageCard *m_card = nullptr;
    QWidget *m_side = nullptr;
    std::function<QWidget *()> m_sideFactory;
    bool m_sideVisible = false;
    bool m_enlarged = false;
    QString m_sentenceText;
    double m_zoom = 1.0;
    QString m_sequentialMap = QStringLiteral("viridis");
    bool m_autoRange = false;
};

} // namespace attnlab::ui
