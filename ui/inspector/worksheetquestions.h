#pragma once
// The worksheet question at the foot of each explanation page of the inference engine (issue 32):
// flash, kvpolicy, pagedcache, speculative and roofline. Each page holds the question's text with
// placeholders (%WQ_…%), the same in every language; the numbers that fill them are computed here
// by the core on the question's case (the 猫吃鱼 example scene, a Qwen2.5-0.5B-shaped model, a
// given pair of distributions), so question and answer cannot disagree with the app.
// tests/ui/texts/worksheetquestions_test.cpp checks every number of each question against an
// independent computation.

#include <QString>

namespace attnlab::ui {

// `html` of explanation page `page` with its worksheet placeholders replaced by their numbers in
// the current locale; other pages come back unchanged.
QString fillWorksheetQuestion(const QString &page, QString html);

} // namespace attnlab::ui
