// A tiny random Marian checkpoint with real SentencePiece models, run by core/translate and by
// the independent float64 reference of tests/testutil/marianreference: the encoder's output, one
// head of each kind of attention (q, k, v, weights, context), the logits and greedy translation.

#include "core/model/block/blockmath.h"
#include "core/model/block/blockspec.h"
#include "core/model/modelerror.h"
#include "core/text/messageid.h"
#include "core/translate/translationmodel.h"

#include "marianreference.h"
#include "modelfixtures.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

using namespace attnlab;
using namespace attnlab::core::translate;
using test::MarianAttention;

namespace {

double maxDiff(const core::Matrix &a, const test::MatrixD &b)
{
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return std::numeric_limits<double>::infinity();
    return (a.cast<double>() - b).cwiseAbs().maxCoeff();
}

class TranslationModelTest : public testing::Test {
protected:
    void SetUp() override
    {
        m_dir = test::makeTempDir("marian");
        m_fixture = test::writeTinyMarian(m_dir);
    }
    void TearDown() override { test::removeTree(m_dir); }

    std::vector<int> sourceIds(const TranslationModel &model, const std::string &text) const
    {
        std::vector<int> ids;
        for (const auto &t : model.tokenizer().encodeSource(text))
            ids.push_back(t.id);
        return ids;
    }

    std::string m_dir;
    test::TinyMarian m_fixture;
};

} // namespace

TEST_F(TranslationModelTest, TheEncoderOutputMatchesTheReference)
{
    const TranslationModel model = TranslationModel::load(m_dir);
    const std::vector<int> ids = sourceIds(model, "猫吃鱼");
    EXPECT_EQ(ids, (std::vector<int> {7, 8, 5, 0})); // tests/core/translate/data/marian.golden.json
    const core::Matrix out = model.encode(ids);
    EXPECT_LT(maxDiff(out, test::marianEncode(m_fixture, ids)), 1e-4);
}

TEST_F(TranslationModelTest, EveryHeadOfEveryKindMatchesTheReference)
{
    const TranslationModel model = TranslationModel::load(m_dir);
    const std::vector<int> src = sourceIds(model, "小猫吃鱼。");
    const std::vector<int> tgt = {m_fixture.decoderStart, 3, 32, 38, 31};
    const test::MatrixD refEnc = test::marianEncode(m_fixture, src);
    const struct {
        AttentionKind kind;
        MarianAttention ref;
    } kinds[] = {{AttentionKind::Encoder, MarianAttention::Encoder}, {AttentionKind::Decoder, MarianAttention::Decoder},
        {AttentionKind::Cross, MarianAttention::Cross}};
    for (const auto &k : kinds) {
        for (int layer = 0; layer < model.layers(k.kind); ++layer) {
            for (int head = 0; head < model.heads(k.kind); ++head) {
                HeadTrace got;
                test::MarianHeadRef want;
                const HeadPick pick {k.kind, layer, head};
                const core::Matrix enc = model.encode(src, pick, &got);
                if (k.kind == AttentionKind::Encoder)
                    test::marianEncode(m_fixture, src, layer, head, &want);
                else {
                    model.decode(enc, tgt, pick, &got);
                    test::marianDecode(m_fixture, refEnc, tgt, k.ref, layer, head, &want);
                }
                const std::string where = "kind " + std::to_string(int(k.kind)) + " layer " + std::to_string(layer)
                    + " head " + std::to_string(head);
                EXPECT_LT(maxDiff(got.q, want.q), 1e-4) << where;
                EXPECT_LT(maxDiff(got.k, want.k), 1e-4) << where;
                EXPECT_LT(maxDiff(got.v, want.v), 1e-4) << where;
                EXPECT_LT(maxDiff(got.weights, want.weights), 1e-5) << where;
                EXPECT_LT(maxDiff(got.context, want.context), 1e-4) << where;
                // Cross-attention's weights are target × source; the decoder's are causal.
                if (k.kind == AttentionKind::Cross) {
                    EXPECT_EQ(got.weights.rows(), Eigen::Index(tgt.size()));
                    EXPECT_EQ(got.weights.cols(), Eigen::Index(src.size()));
                }
                if (k.kind == AttentionKind::Decoder) {
                    EXPECT_EQ(got.weights(0, 1), 0.f);
                }
            }
        }
    }
}

TEST_F(TranslationModelTest, LogitsOfEveryTargetRowMatchTheReference)
{
    const TranslationModel model = TranslationModel::load(m_dir);
    const std::vector<int> src = sourceIds(model, "猫吃鱼。");
    const std::vector<int> tgt = {m_fixture.decoderStart, 3, 32, 30, 26};
    const core::Matrix logits = model.decode(model.encode(src), tgt);
    const test::MatrixD want = test::marianDecode(m_fixture, test::marianEncode(m_fixture, src), tgt);
    EXPECT_LT(maxDiff(logits, want), 1e-3);
    // The next-token prediction: the largest logit is the reference's.
    Eigen::Index gotTop = 0, wantTop = 0;
    logits.row(logits.rows() - 1).maxCoeff(&gotTop);
    want.row(want.rows() - 1).maxCoeff(&wantTop);
    EXPECT_EQ(gotTop, wantTop);
}

TEST_F(TranslationModelTest, NextLogitsAreTheLastRowOnlyAndMatchTheReference)
{
    const TranslationModel model = TranslationModel::load(m_dir);
    const std::vector<int> src = sourceIds(model, "我们喜欢狗。");
    const test::MatrixD encoderOut = test::marianEncode(m_fixture, src);
    for (const std::vector<int> &tgt :
        {std::vector<int> {m_fixture.decoderStart}, std::vector<int> {m_fixture.decoderStart, 3, 32, 30, 26}}) {
        const core::Matrix next = model.nextLogits(model.encode(src), tgt);
        ASSERT_EQ(next.rows(), 1);
        const test::MatrixD want = test::marianDecode(m_fixture, encoderOut, tgt);
        EXPECT_LT(maxDiff(next, test::MatrixD(want.bottomRows(1))), 1e-3);
    }
}

TEST_F(TranslationModelTest, AttentionMapsHoldEveryHeadOfTheThreeAttentionsAsTheReference)
{
    const TranslationModel model = TranslationModel::load(m_dir);
    const std::vector<int> src = sourceIds(model, "小猫不吃鸟");
    const std::vector<int> tgt = {m_fixture.decoderStart, 3, 32, 30};
    const TranslationModel::AttentionMaps maps = model.attentionMaps(src, tgt);
    const test::MatrixD encoderOut = test::marianEncode(m_fixture, src);
    ASSERT_EQ(maps.encoder.size(), 2u);
    ASSERT_EQ(maps.decoder.size(), 2u);
    ASSERT_EQ(maps.cross.size(), 2u);
    for (int layer = 0; layer < 2; ++layer)
        for (int head = 0; head < 2; ++head) {
            test::MarianHeadRef enc, dec, cross;
            test::marianEncode(m_fixture, src, layer, head, &enc);
            test::marianDecode(m_fixture, encoderOut, tgt, MarianAttention::Decoder, layer, head, &dec);
            test::marianDecode(m_fixture, encoderOut, tgt, MarianAttention::Cross, layer, head, &cross);
            EXPECT_LT(maxDiff(maps.encoder[size_t(layer)][size_t(head)], enc.weights), 1e-5) << layer << head;
            EXPECT_LT(maxDiff(maps.decoder[size_t(layer)][size_t(head)], dec.weights), 1e-5) << layer << head;
            EXPECT_LT(maxDiff(maps.cross[size_t(layer)][size_t(head)], cross.weights), 1e-5) << layer << head;
        }
}

TEST_F(TranslationModelTest, GreedyTranslationMatchesTheReferenceAndObeysTheRules)
{
    const TranslationModel model = TranslationModel::load(m_dir);
    EXPECT_EQ(model.rules().decoderStart, m_fixture.pad);
    EXPECT_EQ(model.rules().forcedEos, m_fixture.eos);
    for (const std::string text : {"猫吃鱼", "我们喜欢狗。", "小猫不吃鸟"}) {
        for (const int n : {1, 3, 8}) {
            const Translation t = translateGreedy(model, text, n);
            std::vector<int> ids;
            for (const auto &g : t.generated) {
                ids.push_back(g.id);
                EXPECT_NE(g.id, m_fixture.pad);
                EXPECT_GT(g.probability, 0.0);
                EXPECT_LE(g.probability, 1.0);
                EXPECT_EQ(g.token, model.tokenizer().tokenText(g.id));
            }
            EXPECT_EQ(ids, test::marianGreedy(m_fixture, t.sourceIds, n)) << text << " " << n;
            ASSERT_FALSE(ids.empty());
            EXPECT_LE(int(ids.size()), n);
            // forced_eos_token_id: the n-th token is </s> when the run gets that far.
            EXPECT_EQ(ids.back(), m_fixture.eos) << text << " " << n;
            EXPECT_EQ(t.text, model.tokenizer().decode(ids));
        }
    }
}

TEST_F(TranslationModelTest, WithoutForcedEosTheRunStopsAtTheCount)
{
    test::removeTree(m_dir);
    m_dir = test::makeTempDir("marian");
    test::TinyMarianOptions o;
    o.forcedEos = false;
    m_fixture = test::writeTinyMarian(m_dir, o);
    const TranslationModel model = TranslationModel::load(m_dir);
    EXPECT_EQ(model.rules().forcedEos, -1);
    const Translation t = translateGreedy(model, "猫吃鱼", 4);
    std::vector<int> ids;
    for (const auto &g : t.generated)
        ids.push_back(g.id);
    EXPECT_EQ(ids, test::marianGreedy(m_fixture, t.sourceIds, 4));
}

TEST_F(TranslationModelTest, AFolderWithoutSourceSpmIsRefusedNamingIt)
{
    std::filesystem::remove(std::filesystem::path(m_dir) / "source.spm");
    try {
        TranslationModel::load(m_dir);
        FAIL() << "loaded without source.spm";
    } catch (const core::model::ModelError &e) {
        EXPECT_EQ(e.problem().file, "source.spm");
    }
}

TEST_F(TranslationModelTest, AMissingCrossAttentionTensorIsNamed)
{
    // Rewrite the checkpoint without one decoder layer's encoder_attn.k_proj.weight.
    test::TinyMarianOptions o;
    std::filesystem::remove(std::filesystem::path(m_dir) / "model.safetensors");
    const std::string other = test::makeTempDir("marian-other");
    test::writeTinyMarian(other, o);
    const std::string bytes = test::readBytes(other + "/model.safetensors");
    test::removeTree(other);
    // The name is in the header: replace it so the tensor is not found under its own name.
    std::string renamed = bytes;
    const std::string name = "model.decoder.layers.1.encoder_attn.k_proj.weight";
    const size_t at = renamed.find(name);
    ASSERT_NE(at, std::string::npos);
    renamed[at + name.size() - 6] = 'W'; // ".weight" → ".Weight"
    test::writeBytes(m_dir + "/model.safetensors", renamed);
    try {
        TranslationModel::load(m_dir);
        FAIL() << "loaded without the tensor";
    } catch (const core::model::ModelError &e) {
        EXPECT_NE(std::string(e.what()).find("encoder_attn.k_proj.weight"), std::string::npos) << e.what();
    }
}

TEST(MarianPositions, SinTheFirstHalfCosTheSecond)
{
    core::Matrix rows = core::Matrix::Zero(3, 6);
    core::model::addSinusoidalPositions(0, rows);
    // Position 0: sin 0 = 0 in the first half, cos 0 = 1 in the second.
    for (int c = 0; c < 3; ++c) {
        EXPECT_FLOAT_EQ(rows(0, c), 0.f);
        EXPECT_FLOAT_EQ(rows(0, 3 + c), 1.f);
    }
    // Position 2, pair j = 1: angle 2 / 10000^(2/6).
    const double angle = 2.0 / std::pow(10000.0, 2.0 / 6.0);
    EXPECT_NEAR(rows(2, 1), std::sin(angle), 1e-6);
    EXPECT_NEAR(rows(2, 4), std::cos(angle), 1e-6);
    // An odd width: ⌈d/2⌉ sines, then ⌊d/2⌋ cosines.
    core::Matrix odd = core::Matrix::Zero(2, 5);
    core::model::addSinusoidalPositions(1, odd);
    EXPECT_NEAR(odd(0, 2), std::sin(1.0 / std::pow(10000.0, 4.0 / 5.0)), 1e-6);
    EXPECT_NEAR(odd(0, 4), std::cos(1.0 / std::pow(10000.0, 2.0 / 5.0)), 1e-6);
}

TEST(MarianFamily, TheDecoderOnlyPassesRefuseBothHalves)
{
    const core::model::EncoderDecoderFamily *f = core::model::findEncoderDecoder("marian");
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(core::model::findFamily("marian"), nullptr);
    core::model::ModelConfig c;
    c.family = f->decoder;
    c.heads = 2;
    c.dModel = 8;
    for (const core::model::ModelFamily *half : {f->encoder, f->decoder}) {
        const auto refusal = core::model::unsupportedChoice(*half, c);
        ASSERT_TRUE(refusal.has_value());
        EXPECT_EQ(refusal->id, core::MessageId::ForwardEncoderDecoder);
    }
}
