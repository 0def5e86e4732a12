#pragma once
// The fill functions of the model room's later lesson pages (lessonpages.h's table): the
// unembedding and tied embeddings, pre-norm against post-norm, Llama 3's rope scaling, and how a
// causal mask leaks position. Each returns the page's placeholders (%M_…%) with the numbers of
// `runner`'s model and last pass, or nothing with `whyNot` set when the subject does not concern
// the model; tests/ui/texts/modellessons_test.cpp recomputes every number on its own.

#include "ui/lessons/lessonpages.h"

namespace attnlab::core::model {
struct ModelWeights;
}

namespace attnlab::ui {

// How many times the position page has computed layer 1's attention (its numbers are kept while
// the pass's runner, ids and layer-1 input and output stay the same); for tests.
int positionLeakComputations();
LessonPage::Values unembeddingValues(const core::model::ForwardRunner &runner, QString *whyNot);
LessonPage::Values prePostNormValues(const core::model::ForwardRunner &runner, QString *whyNot);
LessonPage::Values ropeScalingValues(const core::model::ForwardRunner &runner, QString *whyNot);
LessonPage::Values positionLeakValues(const core::model::ForwardRunner &runner, QString *whyNot);

// A whole number and a number with `places` decimals, in the interface language's digits: how
// every lesson page prints its numbers.
QString wholeNumber(long long x);
QString decimalNumber(double x, int places = 4);

// The number of weights the checkpoint holds (every tensor of the model, the output head once
// when it is tied to the token embeddings).
long long parameterCount(const core::model::ModelWeights &weights);

} // namespace attnlab::ui
