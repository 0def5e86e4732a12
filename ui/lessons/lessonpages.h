#pragma once
// The lesson pages of the model room (issue 36): one subject a learner meets on the real-model
// side each — the KV cache, grouped-query attention, LayerNorm against RMSNorm, the residual
// stream, the MLP's activation, the logit lens, direct logit attribution, and (modellessons.h)
// the unembedding, pre-norm against post-norm, rope scaling, position from the mask — as
// explanation pages (resources/explanations/LANG/lessons/PAGE.html, in the resources at
// :/explanations/LANG/PAGE.html as the stage pages, read by ExplanationPanel::pageHtml).
// A page's text holds no number of any one model; from its "model" anchor on ("In this model"
// and the worksheet question) its placeholders (%M_…%) are filled here with the open model's numbers,
// computed from its config, its weights and its last pass by the page's row of the table below,
// so the page cannot disagree with the model it is read beside. Without a computed model, or for
// a model the subject does not concern (BERT has no KV cache), that part gives way to a sentence
// saying so. tests/ui/texts/lessonpages_test.cpp and modellessons_test.cpp check every number of
// each page, in both languages, against their own computation.

#include <QString>

#include <utility>
#include <vector>

namespace attnlab::core::model {
class ForwardRunner;
}

namespace attnlab::ui {

class ModelSession;

struct LessonPage {
    using Values = std::vector<std::pair<const char *, QString>>;
    // The page's file name ("kvcache"), and its title untranslated (context LessonPages).
    const char *page;
    const char *title;
    // The page's placeholders and their values for the model of `runner`'s last pass; empty, with
    // `whyNot` set, when the subject does not concern this model.
    Values (*fill)(const core::model::ForwardRunner &runner, QString *whyNot);
};

// Every lesson page, in the order of the glossary.
const std::vector<LessonPage> &lessonPages();
// The row of `page`; nullptr when it is not a lesson page.
const LessonPage *lessonPage(const QString &page);
// The page's title in the current language.
QString lessonTitle(const QString &page);
// The page in the current language with the numbers of `session`'s last pass.
QString lessonPageHtml(const QString &page, const ModelSession *session);
// The same for a runner's pass (the session's, or a test's own).
QString lessonPageHtml(const QString &page, const core::model::ForwardRunner *runner);

} // namespace attnlab::ui
