#include "ui/translate/translationrun.h"

#include "core/model/hubcache.h"
#include "ui/i18n/coremessages.h"

#include <QFile>
#include <QThread>

#include <cstdlib>

namespace attnlab::ui {

namespace {

using namespace core::translate;

// A hub id ("Helsinki-NLP/opus-mt-zh-en") opens its snapshot in the local Hugging Face cache.
std::string resolveFolder(const std::string &dir)
{
    if (QFile::exists(QFile::decodeName(dir.c_str())) || !core::model::isHubId(dir))
        return dir;
    const core::model::HubModel hub = core::model::findHubModel(
        core::model::hubCacheDir([](const char *name) -> const char * { return std::getenv(name); }), dir);
    return hub.status == core::model::HubModel::Status::Found ? hub.snapshot : dir;
}

} // namespace

TranslationRun::TranslationRun(QObject *parent)
    : QObject(parent)
{
}

TranslationRun::~TranslationRun()
{
    cancel();
    wait();
}

void TranslationRun::wait()
{
    if (m_thread)
        m_thread->wait();
}

void TranslationRun::cancel()
{
    if (m_stop)
        *m_stop = true;
}

void TranslationRun::launch(QThread *thread, const std::function<void()> &done)
{
    m_thread = thread;
    // Not busy any more before `done` says so: its listeners may start the next job.
    connect(m_thread, &QThread::finished, this, [this, done] {
        m_thread->deleteLater();
        m_thread = nullptr;
        done();
    });
    m_thread->start();
}

bool TranslationRun::open(const QString &dir)
{
    if (m_thread)
        return false;
    auto loaded = std::make_shared<std::shared_ptr<const TranslationModel>>();
    auto problem = std::make_shared<QString>();
    auto *thread = QThread::create([loaded, problem, path = QFile::encodeName(dir).toStdString()] {
        try {
            *loaded = std::make_shared<const TranslationModel>(TranslationModel::load(resolveFolder(path)));
        } catch (const std::exception &e) {
            *problem = fileProblemText(exceptionProblem(e));
        }
    });
    launch(thread, [this, loaded, problem, dir] {
        m_openProblem = *problem;
        if (*loaded) {
            m_model = *loaded;
            m_folder = dir;
            m_result = Result {};
            m_partial.clear();
        }
        Q_EMIT opened();
    });
    return true;
}

// The maps of `tokens` over `sourceIds`: [start] + every token but the last as the decoder's
// input, so that row i is the query that made token i.
TranslationModel::AttentionMaps mapsOf(
    const TranslationModel &model, const std::vector<int> &sourceIds, const std::vector<GeneratedToken> &tokens)
{
    if (tokens.empty())
        return {};
    std::vector<int> input = {model.rules().decoderStart};
    for (size_t i = 0; i + 1 < tokens.size(); ++i)
        input.push_back(tokens[i].id);
    return model.attentionMaps(sourceIds, input);
}

bool TranslationRun::start(const QString &text, const SearchOptions &options)
{
    if (m_thread || !m_model)
        return false;
    m_stop = std::make_shared<std::atomic<bool>>(false);
    m_partial.clear();
    m_live.reset();
    auto pending = std::make_shared<Result>();
    auto *thread
        = QThread::create([this, pending, model = m_model, stop = m_stop, options, source = text.toStdString()] {
              try {
                  std::vector<int> sourceIds;
                  std::vector<std::string> pieces;
                  for (const auto &token : model->tokenizer().encodeSource(source)) {
                      sourceIds.push_back(token.id);
                      pieces.push_back(model->tokenizer().tokenText(token.id));
                  }
                  const SearchResult r = translate(*model, source, options, [&](const std::vector<GeneratedToken> &so) {
                      if (*stop)
                          return false;
                      auto live = std::make_shared<Result>();
                      live->translation.sourceIds = sourceIds;
                      live->translation.generated = so;
                      live->sourcePieces = pieces;
                      live->maps = mapsOf(*model, sourceIds, so);
                      QMetaObject::invokeMethod(
                          this,
                          [this, live] {
                              if (!m_thread)
                                  return;
                              m_partial = live->translation.generated;
                              m_live = live;
                              Q_EMIT progressed();
                          },
                          Qt::QueuedConnection);
                      return !*stop;
                  });
                  pending->translation = r.translation;
                  pending->score = r.score;
                  pending->sourcePieces = pieces;
                  pending->maps = mapsOf(*model, r.translation.sourceIds, r.translation.generated);
              } catch (const std::exception &e) {
                  pending->problem = fileProblemText(exceptionProblem(e));
              }
          });
    launch(thread, [this, pending] {
        m_result = std::move(*pending);
        m_partial = m_result.translation.generated;
        m_live.reset();
        Q_EMIT finished();
    });
    return true;
}

} // namespace attnlab::ui
