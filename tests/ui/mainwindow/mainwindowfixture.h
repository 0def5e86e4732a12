#pragma once
// What the main window's tests start from: no remembered settings, the English interface and
// the cat-eats-fish example loaded; the language and the settings are put back after each test.

#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/i18n/language.h"

#include <QSettings>

#include <gtest/gtest.h>

namespace attnlab::test {

struct MainWindowFixture : ::testing::Test {
    void SetUp() override
    {
        QSettings().clear();
        ui::Language::instance()->apply(QStringLiteral("en"));
        document.load(*ui::loadExample(QStringLiteral("cat-eats-fish")).scene);
    }
    void TearDown() override
    {
        ui::Language::instance()->apply(QStringLiteral("en"));
        QSettings().clear();
    }
    ui::Document document;
};

} // namespace attnlab::test
