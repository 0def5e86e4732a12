#include "ui/i18n/coremessages.h"
#include "core/model/forwardcheck.h"
#include "core/model/modelerror.h"
#include "core/text/messageid.h"

#include <QCoreApplication>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace attnlab::ui {

namespace {

// The system's reasons a user meets when a file cannot be read; others as the C library says.
QString systemErrorText(int error)
{
    switch (error) {
    case ENOENT:
        return QCoreApplication::translate("CoreMessage", "No such file or directory");
    case EACCES:
        return QCoreApplication::translate("CoreMessage", "Permission denied");
    case EISDIR:
        return QCoreApplication::translate("CoreMessage", "Is a directory");
    case ENOTDIR:
        return QCoreApplication::translate("CoreMessage", "Not a directory");
    case ELOOP:
        return QCoreApplication::translate("CoreMessage", "Too many levels of symbolic links");
    case ENAMETOOLONG:
        return QCoreApplication::translate("CoreMessage", "File name too long");
    case EIO:
        return QCoreApplication::translate("CoreMessage", "Input/output error");
    case ENOMEM:
        return QCoreApplication::translate("CoreMessage", "Cannot allocate memory");
    case EMFILE:
        return QCoreApplication::translate("CoreMessage", "Too many open files");
    case ENODEV:
        return QCoreApplication::translate("CoreMessage", "No such device");
    default:
        return QString::fromLocal8Bit(std::strerror(error));
    }
}

// `pattern` with %1 … %9 replaced in one pass, as core::substituteArguments does.
QString substituted(const QString &pattern, const QStringList &args)
{
    QString out;
    out.reserve(pattern.size());
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        const QChar c = pattern[i];
        if (c == QLatin1Char('%') && i + 1 < pattern.size() && pattern[i + 1] >= QLatin1Char('1')
            && pattern[i + 1] <= QLatin1Char('9')) {
            const qsizetype n = pattern[i + 1].unicode() - '1';
            if (n < args.size()) {
                out += args[n];
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

} // namespace

QString coreMessageText(const core::Message &message)
{
    switch (message.id) {
    case core::MessageId::Literal:
        return QString::fromStdString(message.text);
    case core::MessageId::Errno:
        return systemErrorText(std::atoi(message.text.c_str()));
    default:
        break;
    }
    QStringList args;
    args.reserve(qsizetype(message.args.size()));
    for (const core::Message &a : message.args)
        args << coreMessageText(a);
    return substituted(QCoreApplication::translate("CoreMessage", core::messageTemplate(message.id)), args);
}

QString problemText(const QString &file, const core::Problem &problem)
{
    QString out = file;
    if (problem.line > 0)
        out += QStringLiteral(":%1:%2").arg(problem.line).arg(problem.column);
    return out.isEmpty() ? problemText(problem) : out + QStringLiteral(": ") + problemText(problem);
}

QString problemText(const core::Problem &problem)
{
    const QString text = coreMessageText(problem.message);
    return problem.path.empty() ? text : QString::fromStdString(problem.path) + QStringLiteral(": ") + text;
}

QString fileProblemText(const core::Problem &problem)
{
    return problemText(QString::fromStdString(problem.file), problem);
}

core::Problem exceptionProblem(const std::exception &error)
{
    if (const auto *model = dynamic_cast<const core::model::ModelError *>(&error))
        return model->problem();
    if (const auto *forward = dynamic_cast<const core::model::ForwardError *>(&error))
        return core::Problem {"", forward->message()};
    return core::Problem {"", core::Message::literal(error.what())};
}

} // namespace attnlab::ui
