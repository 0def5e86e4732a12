#pragma once
// The attention variants of 2024–2025 models as switches on the scene (core/scene/variants):
// sliding window with its width and the first token as sink, the sink logit, QK-norm and the
// soft cap with its value. Every switch starts off; each change is one undo step, and a value
// the scene refuses is shown with the reason.

#include "core/scene/variants/variants.h"
#include "ui/i18n/retranslating.h"

#include <QGroupBox>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace attnlab::ui {

class Document;

class VariantsBox : public Retranslating<QGroupBox> {
    Q_OBJECT
public:
    explicit VariantsBox(Document *document, QWidget *parent = nullptr);

    // Sets the scene's variants as one undo step; returns whether the scene took them.
    bool setVariants(const core::AttentionVariants &variants);
    // The variants the controls show.
    core::AttentionVariants controlsValue() const;
    QString message() const;

    QCheckBox *windowSwitch() const { return m_window; }
    QCheckBox *firstTokenSinkSwitch() const { return m_firstSink; }
    QCheckBox *sinkSwitch() const { return m_sink; }
    QCheckBox *qkNormSwitch() const { return m_qkNorm; }
    QCheckBox *softCapSwitch() const { return m_cap; }
    QSpinBox *windowWidth() const { return m_width; }
    QDoubleSpinBox *softCapValue() const { return m_capValue; }

private:
    void retranslate() override;
    void syncFromScene();
    void onControlsEdited();

    Document *m_document;
    QCheckBox *m_window;
    QSpinBox *m_width;
    QCheckBox *m_firstSink;
    QCheckBox *m_sink;
    QDoubleSpinBox *m_sinkValue;
    QCheckBox *m_qkNorm;
    QCheckBox *m_cap;
    QDoubleSpinBox *m_capValue;
    QLabel *m_message;
};

} // namespace attnlab::ui
