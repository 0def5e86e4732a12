// --lang, run as a process: it forces the language of --help and rejects unknown codes.
#include "runattnlab.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>

namespace {

struct Outcome {
    int code = -1;
    std::string out; // standard output and error together
};

Outcome run(const std::string &args)
{
    const attnlab::test::Run r = attnlab::test::runAttnlab(args);
    return {r.code, r.out + r.err};
}

} // namespace

TEST(CommandLineLanguage, HelpIsTranslatedWhenChineseIsForced)
{
    const Outcome zh = run("--lang zh_CN --help");
    ASSERT_EQ(zh.code, 0) << zh.out;
    EXPECT_NE(zh.out.find("显示本帮助，然后退出。"), std::string::npos) << zh.out;
    EXPECT_NE(zh.out.find("--lang <LANG>"), std::string::npos);
    const Outcome en = run("--lang=en --help");
    ASSERT_EQ(en.code, 0) << en.out;
    EXPECT_NE(en.out.find("Show this help and exit."), std::string::npos) << en.out;
    EXPECT_EQ(en.out.find("显示本帮助"), std::string::npos);
}

TEST(CommandLineLanguage, UnknownLanguageIsBadInput)
{
    const Outcome r = run("--lang tlh --validate --example padding");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.out.find("tlh"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("zh_CN"), std::string::npos) << r.out;
}

TEST(CommandLineLanguage, ErrorsFollowTheForcedLanguage)
{
    const Outcome r = run("--lang zh_CN --validate a.attn.json b.attn.json");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.out.find("最多只能给出一个场景文件"), std::string::npos) << r.out;
}
