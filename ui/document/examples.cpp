#include "ui/document/examples.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cstdio>
#include <string>

namespace attnlab::ui {

namespace {
const QString kSuffix = QStringLiteral(".attn.json");
}

QStringList exampleNames()
{
    QStringList names;
    const QStringList files
        = QDir(QStringLiteral(":/examples")).entryList({QStringLiteral("*.attn.json")}, QDir::Files, QDir::Name);
    for (const QString &f : files)
        names << f.left(f.size() - kSuffix.size());
    return names;
}

QString examplePath(const QString &name)
{
    const QString path = QStringLiteral(":/examples/") + name + kSuffix;
    return QFile::exists(path) ? path : QString();
}

core::LoadResult loadExample(const QString &name)
{
    const QString path = examplePath(name);
    if (path.isEmpty()) {
        core::LoadResult r;
        r.problems.push_back({"",
            "there is no example called \"" + name.toStdString()
                + "\"; the examples are: " + exampleNames().join(QStringLiteral(", ")).toStdString()});
        return r;
    }
    return loadSceneFile(path);
}

core::LoadResult loadSceneFile(const QString &path)
{
    core::LoadResult r;
    std::string text;
    if (path == QStringLiteral("-")) {
        char buf[65536];
        size_t got;
        while ((got = std::fread(buf, 1, sizeof buf, stdin)) > 0) {
            text.append(buf, got);
            if (text.size() > core::kMaxFileBytes) {
                r.problems.push_back({"",
                    "the input is larger than the limit of " + std::to_string(core::kMaxFileBytes >> 20) + " MiB"});
                return r;
            }
        }
        return core::parseScene(text);
    }
    QFileInfo info(path);
    if (info.isDir()) {
        r.problems.push_back({"", "is a folder, not a scene file"});
        return r;
    }
    if (info.exists() && std::size_t(info.size()) > core::kMaxFileBytes) {
        r.problems.push_back(
            {"", "the file is larger than the limit of " + std::to_string(core::kMaxFileBytes >> 20) + " MiB"});
        return r;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        r.problems.push_back({"", "cannot open the file: " + file.errorString().toStdString()});
        return r;
    }
    // Devices and pipes report no size: read in bounded chunks so /dev/zero cannot exhaust memory.
    char buf[65536];
    qint64 got;
    while ((got = file.read(buf, sizeof buf)) > 0) {
        text.append(buf, size_t(got));
        if (text.size() > core::kMaxFileBytes) {
            r.problems.push_back(
                {"", "the file is larger than the limit of " + std::to_string(core::kMaxFileBytes >> 20) + " MiB"});
            return r;
        }
    }
    if (got < 0) {
        r.problems.push_back({"", "cannot read the file: " + file.errorString().toStdString()});
        return r;
    }
    return core::parseScene(text);
}

namespace {

// The text for `language` among (language, text) pairs: an exact match, then the same language
// without region, then English, then a text in any region of the language, then the first.
QString pick(const std::vector<std::pair<std::string, std::string>> &texts, const QString &language)
{
    const std::string exact = language.toStdString();
    const std::string base = language.section(QLatin1Char('_'), 0, 0).toStdString();
    for (const std::string &want : {exact, base, std::string("en")})
        for (const auto &[lang, text] : texts)
            if (lang == want)
                return QString::fromStdString(text);
    for (const auto &[lang, text] : texts)
        if (lang.rfind(base, 0) == 0)
            return QString::fromStdString(text);
    return texts.empty() ? QString() : QString::fromStdString(texts.front().second);
}

} // namespace

QString sceneDescription(const core::Scene &scene, const QString &language)
{
    return pick(scene.description, language);
}

QString sceneTitle(const core::Scene &scene, const QString &language)
{
    return core::hasTitleTranslations(scene) ? pick(scene.titleTranslations, language)
                                             : QString::fromStdString(scene.title);
}

namespace {
// Both languages are written here rather than translated: a saved description keeps every
// language it has, whatever the interface shows.
const QString kStaleMark = QStringLiteral("\u203B ");
} // namespace

core::Scene withStaleDescription(const core::Scene &edited, const core::Scene &original)
{
    core::Scene scene = edited;
    for (auto &[lang, text] : scene.description) {
        const QString current = QString::fromStdString(text);
        if (current.isEmpty() || isStaleDescription(current))
            continue;
        const bool chinese = QString::fromStdString(lang).startsWith(QStringLiteral("zh"));
        const QString title = sceneTitle(original, chinese ? QStringLiteral("zh_CN") : QStringLiteral("en"));
        const QString note = chinese
            ? QStringLiteral("这段说明写的是原来的例子“%1”；句子已经改了，其中的数字不再对应。").arg(title)
            : QStringLiteral("Written for the original example “%1”; the sentence has changed since, so its "
                             "numbers no longer match.")
                  .arg(title);
        text = (kStaleMark + note + QLatin1Char('\n') + current).toStdString();
    }
    return scene;
}

bool isStaleDescription(const QString &description)
{
    return description.startsWith(kStaleMark);
}

} // namespace attnlab::ui
