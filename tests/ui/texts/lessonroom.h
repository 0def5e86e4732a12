#pragma once
// The model the lesson-page tests read: a tiny Qwen2 (or Llama) with grouped-query attention —
// 3 layers, 4 query heads over 2 key/value heads, d_model 16 — in a room of its own, reading
// "the cat sat on the mat", with its tensors kept for the tests' own arithmetic.

#include "../model/modelroomfixture.h"
#include "ui/i18n/language.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace attnlab::test {

inline constexpr int kLayers = 3, kHeads = 4, kKvHeads = 2, kDModel = 16, kInner = 20, kPositions = 16;
inline constexpr int kBytes = 4; // F32
inline constexpr double kEps = 1e-6; // the fixture's rms_norm_eps
inline const char *const kLanguages[] = {"en", "zh_CN"};

struct LessonRoom : Room {
    std::string dir = makeTempDir("lessons");
    TinyModel model;
    // `edit` changes the fixture's options (tie the embeddings, add rope_scaling); `llama` writes a
    // Llama instead of a Qwen2.
    explicit LessonRoom(const std::function<void(TinyModelOptions &)> &edit = {}, bool llama = false)
    {
        ui::Language::instance()->apply(QStringLiteral("en"));
        TinyModelOptions o;
        o.layers = kLayers;
        o.heads = kHeads;
        o.kvHeads = kKvHeads;
        o.dModel = kDModel;
        o.dInner = kInner;
        o.positions = kPositions;
        o.vocab = kGpt2FixtureVocabSize;
        o.addFiles = [](const std::string &d) { writeGpt2Tokenizer(d); };
        if (edit)
            edit(o);
        model = llama ? writeTinyLlama(dir, o) : writeTinyQwen2(dir, o);
        openModel(QString::fromStdString(dir), QStringLiteral("the cat sat on the mat"));
        EXPECT_TRUE(waitComputed(session));
    }
    ~LessonRoom()
    {
        ui::Language::instance()->apply(QStringLiteral("en"));
        removeTree(dir);
    }
    std::vector<int> ids() const
    {
        std::vector<int> out;
        for (const auto &t : session->tokens())
            out.push_back(t.id);
        return out;
    }
    // A runner of its own over the same folder and text; null when it failed.
    std::unique_ptr<core::model::ForwardRunner> independentPass() const
    {
        auto runner = directRunner(dir);
        return runner->run(ids()) ? std::move(runner) : nullptr;
    }
    const std::vector<float> &tensor(const std::string &name) const { return model.values(name); }
};

} // namespace attnlab::test
