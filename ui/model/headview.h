#pragma once
// BertViz's head view for the selected head: the tokens in two columns (queries left, keys
// right) and a line from each query to every key it attends to, wider and more opaque the
// larger the weight. Hovering a token shows only its lines. The rows shrink to fit the height,
// down to one line of text each; past that the view asks for more height, so that in its scroll
// area it scrolls. The token the prediction is read from is marked. After a generated token, its
// query row — the new token attending over every cached position — is drawn in orange over the
// faded rest.

#include "core/types.h"
#include "ui/i18n/retranslating.h"
#include "ui/model/linefan.h"

#include <QStringList>
#include <QWidget>

namespace attnlab::ui {

class ModelSession;

class HeadView : public Retranslating<QWidget> {
    Q_OBJECT
public:
    explicit HeadView(ModelSession *session, QWidget *parent = nullptr);

    struct Line {
        int query = 0;
        int key = 0;
        double weight = 0;
    };
    // The lines drawn now (weights below kMinWeight are left out), after the hover filter.
    std::vector<Line> visibleLines() const;
    // Filters the lines to one token: a query (left column) or a key (right); −1 = none.
    void setHoveredToken(int token, bool isKey);
    // The pen width of a line of this weight, and its opacity (before the fading of the lines
    // behind a generated token's).
    static double lineWidth(double weight);
    static double lineOpacity(double weight);
    // Lines up to this wide are added up in a LineFan and drawn as one image; wider ones are
    // stroked by the painter, with round ends.
    static constexpr double kFannedWidth = 1.5;
    // Lines are drawn with the pen of their weight rounded to one of kPenSteps + 1 steps (a width
    // within 0.03 px of lineWidth's), so that lines of one pen are drawn together.
    static constexpr int kPenSteps = 128;
    static int penStep(double weight);
    static constexpr double kMinWeight = 0.01;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    // The heading over the query column (left) or the key column (right), and where it is drawn.
    QString columnHeading(bool isKey) const;
    QRect headingRect(bool isKey) const;
    // Where a token's label is drawn: the query column (left) or the key column (right).
    QRect tokenRect(int token, bool isKey) const;
    // The token the prediction is read from (its query row), −1 when none is shown.
    int predictionToken() const { return m_position; }
    QStringList tokens() const { return m_tokens; }
    // The query row of the token generation added last, −1 when the last token was typed.
    int newestQuery() const { return m_newest; }
    // The lines of that row (weights below kMinWeight left out); empty when there is none.
    std::vector<Line> newestLines() const;
    QString title() const { return m_title; }

protected:
    void paintEvent(QPaintEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;

private:
    void retranslate() override;
    void refresh();
    int rowHeight() const;
    int compactRowHeight() const;

    ModelSession *m_session;
    core::Matrix m_weights; // copied from the runner, so painting never touches it
    LineFan m_fan;
    QStringList m_tokens;
    QString m_title;
    int m_position = -1;
    int m_newest = -1;
    int m_hovered = -1;
    bool m_hoveredIsKey = false;
};

} // namespace attnlab::ui
