#pragma once
// The model room's Attribution tab: direct logit attribution at the prediction position — how
// much the embeddings, every head, every MLP and the biases write toward the logit of the
// predicted token, or of one the user picks — as a bar chart sorted by size, with the parts' sum
// beside the logit. Clicking a head's bar selects that head in the room; a double click opens it
// on the board. For BERT (post-norm) the parts are whole layers, and the panel says why.

#include "core/model/lens/attribution.h"
#include "ui/i18n/retranslating.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QSpinBox;

namespace attnlab::ui {

class AttributionChart;
class ModelSession;

class AttributionPanel : public Retranslating<QWidget> {
    Q_OBJECT
public:
    explicit AttributionPanel(ModelSession *session, QWidget *parent = nullptr);

    AttributionChart *chart() const { return m_chart; }
    QComboBox *tokenBox() const { return m_tokenBox; }
    QSpinBox *tokenId() const { return m_tokenId; }
    bool hasAttribution() const { return m_has; }
    const core::model::Attribution &attribution() const { return m_attribution; }
    // "Sum of the N parts: S · logit of “t”: L"; "" without an attribution.
    QString sumText() const;
    QString noteText() const;
    QString message() const;
    // Attributes `token` from now on (−1: the predicted token, following each new pass).
    void setToken(int token);
    // Starts the attribution of the chosen token on the session's worker; false when it is
    // already shown or under way, the panel is hidden, or the session has no finished pass.
    bool compute();
    bool isComputing() const { return m_computing; }

Q_SIGNALS:
    // A head's bar was double-clicked; the session's selected head is that head already.
    void openHeadRequested();

protected:
    void showEvent(QShowEvent *event) override;

private:
    void retranslate() override;
    void refresh();
    void fillTokenBox();
    void showAttribution();
    int wantedToken() const;
    QString partText(const core::model::AttributionPart &part) const;
    void selectPart(int part, bool open);

    ModelSession *m_session;
    QLabel *m_heading;
    QLabel *m_tokenLabel;
    QComboBox *m_tokenBox;
    QLabel *m_idLabel;
    QSpinBox *m_tokenId;
    QLabel *m_sum;
    QLabel *m_note;
    QLabel *m_message;
    AttributionChart *m_chart;
    core::model::Attribution m_attribution;
    bool m_has = false;
    bool m_computing = false;
    int m_pinned = -1; // the token the user picked; −1 follows the prediction
    int m_epoch = 0;
};

} // namespace attnlab::ui
