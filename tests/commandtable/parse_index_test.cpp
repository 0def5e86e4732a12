// --layer and --head are read by one function (app/model/modelcommand.h) for every command that
// picks a head, the model commands and the translation commands alike (issue 36: it was copied
// in both). Its messages are the ones tests/commandtable/recorded.json and the CLI tests pin.
#include "app/commandline.h"
#include "app/model/modelcommand.h"

#include <gtest/gtest.h>

#include <QStringList>

namespace {

using attnlab::app::CommandLine;
using attnlab::app::parseIndex;

TEST(ParseIndex, ReadsAnIndexCountedFromOneAsZeroBased)
{
    CommandLine cli;
    ASSERT_TRUE(cli.parse({QStringLiteral("attnlab"), QStringLiteral("--layer"), QStringLiteral("3")}));
    int index = -1;
    EXPECT_TRUE(parseIndex(cli, cli.layer, 3, &index).isEmpty());
    EXPECT_EQ(index, 2);
}

TEST(ParseIndex, RefusesZeroAndNumbersPastTheCountWithTheRecordedMessage)
{
    for (const char *given : {"0", "4", "+2", "2.0", "x"}) {
        CommandLine cli;
        ASSERT_TRUE(cli.parse({QStringLiteral("attnlab"), QStringLiteral("--head"), QString::fromLatin1(given)}));
        int index = -1;
        EXPECT_EQ(parseIndex(cli, cli.head, 3, &index),
            QStringLiteral("--head: expected a whole number from 1 to 3, got \"%1\"").arg(QString::fromLatin1(given)))
            << given;
        EXPECT_EQ(index, -1) << "a refused value leaves the index alone";
    }
}

TEST(ParseIndex, NamesTheMissingOption)
{
    CommandLine cli;
    ASSERT_TRUE(cli.parse({QStringLiteral("attnlab")}));
    int index = -1;
    EXPECT_EQ(
        parseIndex(cli, cli.layer, 3, &index), QStringLiteral("--model needs --layer (counted from 1) to pick a head"));
}

} // namespace
