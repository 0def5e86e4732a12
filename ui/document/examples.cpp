#include "ui/document/examples.h"

#include "core/text/description.h"
#include "core/text/messageid.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstdio>
#include <string>
#include <vector>

namespace attnlab::ui {

namespace {

const QString kSuffix = QStringLiteral(".attn.json");
constexpr std::size_t kLimitMiB = core::kMaxFileBytes >> 20;

// Why `file` did not open: the system's reason for the common cases (so it is translated), else
// what Qt says.
core::Message openError(const QFileInfo &info, const QFile &file)
{
    if (!info.exists())
        return core::Message::systemError(ENOENT);
    if (!info.isReadable())
        return core::Message::systemError(EACCES);
    return core::Message::literal(file.errorString().toStdString());
}

} // namespace

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
            core::Message::literal(
                QCoreApplication::translate("attnlab::ui", "there is no example called \"%1\"; the examples are: %2")
                    .arg(name, exampleNames().join(QStringLiteral(", ")))
                    .toStdString())});
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
                r.problems.push_back({"", core::Message(core::MessageId::InputLargerThanLimit, kLimitMiB)});
                return r;
            }
        }
        return core::parseScene(text);
    }
    QFileInfo info(path);
    if (info.isDir()) {
        r.problems.push_back({"", core::Message(core::MessageId::FileIsFolder)});
        return r;
    }
    if (info.exists() && std::size_t(info.size()) > core::kMaxFileBytes) {
        r.problems.push_back({"", core::Message(core::MessageId::FileLargerThanLimit, kLimitMiB)});
        return r;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        r.problems.push_back({"", core::Message(core::MessageId::FileCannotOpen, openError(info, file))});
        return r;
    }
    // Devices and pipes report no size: read in bounded chunks so /dev/zero cannot exhaust memory.
    char buf[65536];
    qint64 got;
    while ((got = file.read(buf, sizeof buf)) > 0) {
        text.append(buf, size_t(got));
        if (text.size() > core::kMaxFileBytes) {
            r.problems.push_back({"", core::Message(core::MessageId::FileLargerThanLimit, kLimitMiB)});
            return r;
        }
    }
    if (got < 0) {
        r.problems.push_back({"",
            core::Message(core::MessageId::FileCannotRead, core::Message::literal(file.errorString().toStdString()))});
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

// Marks a description written for another scene than the one shown. Files saved by earlier
// versions carry it in the text itself.
const QString kStaleMark = QStringLiteral("\u203B ");

// The examples as shipped, read once.
const std::vector<core::Scene> &shippedExamples()
{
    static const std::vector<core::Scene> examples = [] {
        std::vector<core::Scene> out;
        for (const QString &name : exampleNames())
            if (const core::LoadResult r = loadExample(name); r.ok())
                out.push_back(*r.scene);
        return out;
    }();
    return examples;
}

} // namespace

const core::Scene *shippedExample(const core::Scene &scene)
{
    if (scene.description.empty())
        return nullptr;
    for (const core::Scene &example : shippedExamples())
        if (example.description == scene.description)
            return &example;
    return nullptr;
}

namespace {

// What about `scene` the words of `example`'s description cannot follow: another sentence, another
// number of heads, other sizes, another mask, other positions, another scale or attention variants
// (a window, a sink, QK-norm, a soft cap: the weights are computed differently). Empty when only
// numbers were edited.
QStringList shapeChanges(const core::Scene &scene, const core::Scene &example)
{
    QStringList changes;
    const auto tr = [](const char *text) { return QCoreApplication::translate("attnlab::ui", text); };
    if (scene.tokens != example.tokens)
        changes << tr("another sentence");
    if (scene.direct != example.direct || scene.hasInputX() != example.hasInputX())
        changes << tr("another way of giving Q, K and V");
    else if (scene.headCount() != example.headCount())
        changes << tr("another number of heads");
    else if (scene.dModel != example.dModel || scene.keyDim() != example.keyDim()
        || scene.valueDim() != example.valueDim() || scene.hasOutputWeights() != example.hasOutputWeights())
        changes << tr("other sizes");
    if (scene.mask != example.mask)
        changes << tr("another mask");
    if (scene.positional != example.positional)
        changes << tr("another positional encoding");
    if (scene.scale != example.scale)
        changes << tr("another scale");
    if (!(scene.variants == example.variants))
        changes << tr("attention variants switched on");
    return changes;
}

} // namespace

QString renderedDescription(const core::Scene &scene, const core::Stages &stages, const QString &language)
{
    const QString text = sceneDescription(scene, language);
    if (text.isEmpty())
        return text;
    const core::Scene *example = shippedExample(scene);
    if (!example || *example == scene || isStaleDescription(text))
        return QString::fromStdString(core::renderDescription(text.toStdString(), scene, stages).text);
    // The words were written for the example as shipped. Printing them with this scene's numbers
    // (or beside tokens the scene no longer has) would make claims that may be false, so the text
    // is shown with the example's own numbers when only numbers were edited, and not at all when
    // the scene has another shape.
    const QString title = sceneTitle(*example, language);
    const QStringList changes = shapeChanges(scene, *example);
    if (!changes.isEmpty())
        return kStaleMark
            + QCoreApplication::translate("attnlab::ui",
                "This scene began as the example “%1”, and its description does not fit it any more (%2), so it "
                "is not shown. File → Examples → %1 opens the example as shipped, with its description.")
                  .arg(title, changes.join(QCoreApplication::translate("attnlab::ui", ", ")));
    core::Pipeline pipeline;
    const core::Stages shipped = pipeline.compute(*example);
    const QString note = QCoreApplication::translate("attnlab::ui",
        "This describes the example “%1” as shipped, with the example's numbers: the scene has been edited "
        "since, and the board shows the numbers as they are now.")
                             .arg(title);
    return kStaleMark + note + QLatin1Char('\n')
        + QString::fromStdString(core::renderDescription(text.toStdString(), *example, shipped).text);
}

bool isStaleDescription(const QString &description)
{
    return description.startsWith(kStaleMark);
}

} // namespace attnlab::ui
