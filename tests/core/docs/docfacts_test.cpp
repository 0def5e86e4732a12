// What README.md and docs/ say about the real-model side holds for the code: the --dump --block
// fields per family, the rotated stages' names, the MLP's cost and what the runner keeps.
#include "core/gguf/quantblock.h"
#include "core/model/block/blockspec.h"
#include "core/model/forward.h"
#include "core/model/modelloader.h"
#include "core/scene/pipeline.h"
#include "modelfixtures.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

using namespace attnlab;
namespace model = attnlab::core::model;

namespace {

std::string sourceFile(const std::string &relative)
{
    std::ifstream in(std::string(ATTNLAB_SOURCE_DIR) + "/" + relative, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The paragraph of `text` that starts with `opening`, up to the next blank line.
std::string paragraph(const std::string &text, const std::string &opening)
{
    const size_t start = text.find(opening);
    if (start == std::string::npos)
        return {};
    const size_t end = text.find("\n\n", start);
    return text.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

std::string oneLine(std::string text)
{
    for (char &c : text)
        if (c == '\n')
            c = ' ';
    return text;
}

struct FamilyFolder {
    const char *name; // as the README names the family
    test::TinyModel (*write)(const std::string &, const test::TinyModelOptions &);
};

} // namespace

// README's --block paragraph names, for each family, the norm its block runs (LayerNorm or
// RMSNorm) and the MLP activation it computes (GELU, or SiLU of the gate times up).
TEST(DocFacts, ReadmeBlockFieldsNameEachFamilysNormAndActivation)
{
    const std::string text = oneLine(paragraph(sourceFile("README.md"), "`--block` follows the family's"));
    ASSERT_FALSE(text.empty());
    const FamilyFolder families[] = {{"GPT-2", test::writeTinyGpt2}, {"BERT", test::writeTinyBert},
        {"Qwen2", test::writeTinyQwen2}, {"Llama", test::writeTinyLlama}};
    for (const FamilyFolder &family : families) {
        const std::string dir = test::makeTempDir("docfacts");
        family.write(dir, {});
        model::LoadModelResult loaded = model::loadModel(dir);
        test::removeTree(dir);
        ASSERT_TRUE(loaded.ok()) << loaded.error;
        const model::BlockSpec spec = model::BlockSpec::of(loaded.weights->config);
        const std::string name = family.name;
        // Where the paragraph names this family with its norms and with its activation.
        const std::string norms = spec.normCentres() ? "LayerNorm" : "RMSNorm";
        const std::string activation = spec.gatedMlp && spec.activation == model::Activation::Silu
            ? "SiLU(`mlp_in`·W_gate) ⊙ (`mlp_in`·W_up) for"
            : "GELU(`mlp_in`·W_in + b_in) for";
        const size_t act = text.find(activation);
        ASSERT_NE(act, std::string::npos) << name << ": " << activation;
        EXPECT_NE(text.substr(act, 80).find(name), std::string::npos) << name << " not named after " << activation;
        if (spec.preNorm) {
            const size_t named = text.find(name + "'s");
            ASSERT_NE(named, std::string::npos) << name;
            EXPECT_NE(text.substr(named, 30).find(norms), std::string::npos) << name << " " << norms;
        }
        EXPECT_EQ(spec.gatedMlp || spec.activation == model::Activation::Silu, name == "Qwen2" || name == "Llama")
            << name;
    }
    EXPECT_EQ(text.find("(GELU)"), std::string::npos) << "GELU is not every family's activation";
}

// One name for the rotated Q and K: the board's stages, a scene's --dump and --dump --model all
// say Q_rot and K_rot, and the README never calls them anything else.
TEST(DocFacts, TheRotatedStagesHaveOneNameInTheReadme)
{
    const std::string readme = sourceFile("README.md");
    EXPECT_EQ(readme.find("Q_rotated"), std::string::npos);
    EXPECT_EQ(readme.find("K_rotated"), std::string::npos);
    EXPECT_NE(readme.find(std::string("(\"") + core::stageName(core::StageQRotated) + "\", \""
                  + core::stageName(core::StageKRotated) + "\" with RoPE)"),
        std::string::npos);
}

// performance.md's MLP cost at 1,024 tokens of GPT-2 small: two products of n × d by d × 4d.
TEST(DocFacts, PerformanceGivesTheMlpCostOfBothMatrices)
{
    const double n = 1024, d = 768, inner = 3072;
    const double gmac = 2 * n * d * inner / 1e9;
    char figure[32];
    std::snprintf(figure, sizeof figure, "%.1f GMAC at 1,024 tokens", gmac);
    const std::string text = oneLine(sourceFile("docs/performance.md"));
    EXPECT_NE(text.find(figure), std::string::npos) << figure;
    EXPECT_NE(text.find("two 768 × 3,072"), std::string::npos);
    EXPECT_EQ(text.find("2.4 GMAC"), std::string::npos);
}

// architecture.md says what the runner keeps per head as performance.md does: one thumbnail,
// the weights themselves up to kThumbnailSize tokens.
TEST(DocFacts, ArchitectureSaysTheRunnerKeepsThumbnailsAsPerformanceDoes)
{
    const int size = model::ForwardRunner::kThumbnailSize;
    const std::string architecture = sourceFile("docs/architecture.md");
    EXPECT_NE(
        architecture.find("one thumbnail per head (its attention weights up to " + std::to_string(size) + " tokens"),
        std::string::npos);
    EXPECT_EQ(architecture.find("every head's attention (a thumbnail"), std::string::npos);
    const std::string performance = oneLine(sourceFile("docs/performance.md"));
    EXPECT_NE(
        performance.find("one thumbnail per head (the weights themselves up to " + std::to_string(size) + " tokens"),
        std::string::npos);
}

// README's --attribute paragraph gives the frozen scale of each norm kind the families run:
// LayerNorm's 1/√(variance + ε) and RMSNorm's 1/√(mean(x²) + ε), which subtracts no mean.
TEST(DocFacts, ReadmeFreezesTheScaleOfEachNormKind)
{
    const std::string text = oneLine(paragraph(sourceFile("README.md"), "`--attribute` splits the token's logit"));
    ASSERT_FALSE(text.empty());
    bool layerNorm = false, rmsNorm = false;
    for (auto write : {test::writeTinyGpt2, test::writeTinyQwen2, test::writeTinyLlama}) {
        const std::string dir = test::makeTempDir("docfacts");
        write(dir, {});
        model::LoadModelResult loaded = model::loadModel(dir);
        test::removeTree(dir);
        ASSERT_TRUE(loaded.ok()) << loaded.error;
        (model::BlockSpec::of(loaded.weights->config).normCentres() ? layerNorm : rmsNorm) = true;
    }
    ASSERT_TRUE(layerNorm && rmsNorm);
    EXPECT_NE(text.find("1/√(variance + ε) for LayerNorm"), std::string::npos);
    EXPECT_NE(text.find("1/√(mean(x²) + ε) for RMSNorm"), std::string::npos);
}

// README's Quantization paragraph gives bits per weight of three types and the block sizes; the
// numbers are ggml's block sizes and bytes (core/gguf/ggmltype).
TEST(DocFacts, ReadmeGivesEachQuantTypesBitsPerWeight)
{
    const std::string text = oneLine(paragraph(sourceFile("README.md"), "**Tools → Quantization…**"));
    ASSERT_FALSE(text.empty());
    const auto bits = [](core::gguf::GgmlType t) {
        char out[32];
        std::snprintf(out, sizeof out, "%g", core::gguf::bitsPerWeight(*core::gguf::ggmlTypeInfo(std::uint32_t(t))));
        return std::string(out);
    };
    EXPECT_NE(text.find("(Q4_K " + bits(core::gguf::GgmlType::Q4_K) + ", Q6_K " + bits(core::gguf::GgmlType::Q6_K)
                  + ", Q8_0 " + bits(core::gguf::GgmlType::Q8_0) + ")"),
        std::string::npos)
        << text;
    EXPECT_EQ(core::gguf::ggmlTypeInfo(std::uint32_t(core::gguf::GgmlType::Q8_0))->blockSize, 32u);
    EXPECT_NE(text.find("32 weights of one row for Q4_0 … Q8_0, 256 for the k-quants"), std::string::npos);
    EXPECT_EQ(core::gguf::ggmlTypeInfo(std::uint32_t(core::gguf::GgmlType::Q4_K))->blockSize, 256u);
}

// architecture.md says the lesson pages are computed: they carry %M_…% placeholders that
// ui/lessons/lessonpages fills from the open model, in their model part and their worksheet. Every
// lesson page in both languages does, so no page holds fixed numbers of a model.
TEST(DocFacts, ArchitectureSaysTheLessonPagesAreFilledFromTheOpenModel)
{
    const std::string architecture = oneLine(sourceFile("docs/architecture.md"));
    EXPECT_NE(architecture.find("instead carry placeholders (`%M_…%`) that `ui/lessons/lessonpages` fills from the "
                                "open model's last pass"),
        std::string::npos);
    int pages = 0;
    for (const char *language : {"en", "zh_CN"})
        for (const char *page : {"activations", "attribution", "gqa", "kvcache", "lens", "norms", "positionleak",
                 "prepostnorm", "residual", "ropescaling", "unembedding"}) {
            const std::string html
                = sourceFile(std::string("resources/explanations/") + language + "/lessons/" + page + ".html");
            ASSERT_FALSE(html.empty()) << language << "/" << page;
            const size_t model = html.find("name=\"model\"");
            const size_t worksheet = html.find("name=\"worksheet\"");
            ASSERT_NE(model, std::string::npos) << language << "/" << page;
            ASSERT_NE(worksheet, std::string::npos) << language << "/" << page;
            EXPECT_NE(html.substr(model, worksheet - model).find("%M_"), std::string::npos) << language << "/" << page;
            EXPECT_NE(html.find("%M_", worksheet), std::string::npos) << language << "/" << page;
            ++pages;
        }
    EXPECT_EQ(pages, 22);
}

// README on generation_config.json: the command line applies its repetition penalty and banned
// words (GenerateCli.GenerationConfigsRepetitionPenalty… shows the output changes), so it must not
// say a command prints the same tokens with or without the file.
TEST(DocFacts, ReadmeSaysWhichPartsOfGenerationConfigChangeACommandsTokens)
{
    const std::string text = oneLine(paragraph(sourceFile("README.md"), "  `generation_config.json` is read further"));
    ASSERT_FALSE(text.empty());
    EXPECT_NE(text.find("`repetition_penalty` and `bad_words_ids` apply here too"), std::string::npos);
    EXPECT_NE(text.find("(its repetition penalty and banned words do)"), std::string::npos);
    EXPECT_EQ(text.find("same tokens with or without the file"), std::string::npos);
}

// The window page on StreamingLLM: the paper keeps the first four tokens as sinks (Xiao et al. 2023
// found one too few for most pretrained models); the scene's switch keeps only the first, and the
// page says the switch is the simpler form, not "exactly" StreamingLLM.
TEST(DocFacts, TheWindowPageSaysStreamingLlmKeepsFourSinksAndTheSwitchOne)
{
    const std::string en = oneLine(sourceFile("resources/explanations/en/window.html"));
    EXPECT_NE(en.find("the first few tokens (four in its paper"), std::string::npos);
    EXPECT_NE(en.find("keeps just the first one"), std::string::npos);
    EXPECT_EQ(en.find("does exactly that"), std::string::npos);
    const std::string zh = sourceFile("resources/explanations/zh_CN/window.html");
    EXPECT_NE(zh.find("论文中用四个"), std::string::npos);
    EXPECT_NE(zh.find("只保留第一个"), std::string::npos);
    EXPECT_EQ(zh.find("正是这样做的"), std::string::npos);
}

// The roofline page: a mixture of experts reads only the experts a token is routed to in a decode
// step (core/engine/roofline counts those), so the page says "every weight it uses", in both
// languages, and that a long prefill reaches nearly all experts (weightBytesFor).
TEST(DocFacts, TheRooflinePageCountsOnlyTheWeightsAPassUses)
{
    const std::string en = oneLine(sourceFile("resources/explanations/en/roofline.html"));
    EXPECT_EQ(en.find("read every weight from memory"), std::string::npos);
    EXPECT_EQ(en.find("Since a decode step reads every weight,"), std::string::npos);
    EXPECT_NE(en.find("Since a decode step reads every weight it uses,"), std::string::npos);
    EXPECT_NE(en.find("a long prefill reaches nearly all of them"), std::string::npos);
    const std::string zh = sourceFile("resources/explanations/zh_CN/roofline.html");
    EXPECT_EQ(zh.find("至少要从内存读一遍所有权重"), std::string::npos);
    EXPECT_NE(zh.find("解码一步要读它用到的所有权重"), std::string::npos);
    EXPECT_NE(zh.find("长的预填充几乎会用到所有专家"), std::string::npos);
}
