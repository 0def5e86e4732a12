#pragma once
// The scene's settings: dimensions, positional encoding, mask, scale, and the weight presets
// (random with a seed, identity). Each change is one undo step; a change that would make an
// invalid scene is refused with the reason and the controls return to the scene's values.

#include "core/scene/pipeline.h"
#include "core/scene/scene.h"
#include "ui/document/commandids.h"
#include "ui/document/historytext.h"
#include "ui/i18n/retranslating.h"

#include <QWidget>

#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace attnlab::ui {

class Document;

class SettingsPanel : public Retranslating<QWidget> {
    Q_OBJECT
public:
    explicit SettingsPanel(Document *document, QWidget *parent = nullptr);

    // The same actions the controls trigger, for tests and shortcuts. Each returns whether
    // the change was applied.
    // `control` names the spin box a step came from, so its steps merge into one history entry.
    bool setDimensions(int dModel, int heads, int dK, CommandId control = CommandId::None);
    bool setPositional(core::PositionalEncoding pe);
    bool setMask(core::MaskKind mask);
    bool setScale(core::ScaleKind scale, double customDivisor, CommandId control = CommandId::None);
    bool randomizeWeights(quint64 seed);
    bool identityWeights();
    bool setDirectMode(bool direct);
    // Deletes the embedding rows of tokens no longer in the sentence (kept until then, so that
    // typing an old sentence again brings its values back).
    bool removeUnusedRows();

    // The names the controls show, also used in the history (so they retranslate there).
    static QString positionalName(core::PositionalEncoding pe);
    static QString maskName(core::MaskKind mask);
    static QString scaleName(core::ScaleKind scale);

    bool keepDkTied() const;
    void setKeepDkTied(bool tied);
    QString message() const;

protected:
private:
    void retranslate() override;
    bool push(const core::Scene &scene, const HistoryText &text, core::Edit::Target target,
        CommandId control = CommandId::None);
    void onDimensionEdited(CommandId control);
    void resetFromScene();
    void updatePositionalToolTip();
    void syncFromScene();
    void updateRemoveUnused();
    void showMessage(const QString &text);

    Document *m_document;
    QComboBox *m_mode;
    QSpinBox *m_dModel;
    QSpinBox *m_heads;
    QSpinBox *m_dK;
    QCheckBox *m_tieDk;
    QComboBox *m_positional;
    QComboBox *m_mask;
    QComboBox *m_scale;
    QDoubleSpinBox *m_divisor;
    QSpinBox *m_seed;
    QPushButton *m_randomize;
    QPushButton *m_identity;
    QPushButton *m_removeUnused;
    QLabel *m_message;
    std::vector<QLabel *> m_labels;
};

} // namespace attnlab::ui
