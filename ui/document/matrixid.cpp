#include "ui/document/matrixid.h"

namespace attnlab::ui {

namespace {

Eigen::Map<core::Matrix> view(core::Matrix &m)
{
    return {m.data(), m.rows(), m.cols()};
}

Eigen::Map<core::Matrix> view(core::RowVector &v)
{
    return {v.data(), v.size() > 0 ? 1 : 0, v.size()};
}

} // namespace

Eigen::Map<core::Matrix> matrixRef(core::Scene &s, MatrixId id)
{
    switch (id) {
    case MatrixId::Embeddings:
        return view(s.embeddings);
    case MatrixId::WQ:
        return view(s.wq);
    case MatrixId::WK:
        return view(s.wk);
    case MatrixId::WV:
        return view(s.wv);
    case MatrixId::WO:
        return view(s.wo);
    case MatrixId::DirectQ:
        return view(s.q);
    case MatrixId::DirectK:
        return view(s.k);
    case MatrixId::DirectV:
        return view(s.v);
    case MatrixId::X:
        return view(s.x);
    case MatrixId::BQ:
        return view(s.bq);
    case MatrixId::BK:
        return view(s.bk);
    case MatrixId::BV:
        return view(s.bv);
    case MatrixId::BO:
        return view(s.bo);
    }
    return view(s.embeddings);
}

Eigen::Map<const core::Matrix> matrixRef(const core::Scene &s, MatrixId id)
{
    const Eigen::Map<core::Matrix> m = matrixRef(const_cast<core::Scene &>(s), id);
    return {m.data(), m.rows(), m.cols()};
}

core::Edit::Target editTarget(MatrixId id)
{
    using T = core::Edit::Target;
    switch (id) {
    case MatrixId::Embeddings:
        return T::Embeddings;
    case MatrixId::WQ:
        return T::WQ;
    case MatrixId::WK:
        return T::WK;
    case MatrixId::WV:
        return T::WV;
    case MatrixId::WO:
        return T::WO;
    case MatrixId::DirectQ:
        return T::DirectQ;
    case MatrixId::DirectK:
        return T::DirectK;
    case MatrixId::DirectV:
        return T::DirectV;
    case MatrixId::X:
        return T::X;
    case MatrixId::BQ:
        return T::BQ;
    case MatrixId::BK:
        return T::BK;
    case MatrixId::BV:
        return T::BV;
    case MatrixId::BO:
        return T::BO;
    }
    return T::Everything;
}

QString matrixKey(MatrixId id)
{
    switch (id) {
    case MatrixId::Embeddings:
        return QStringLiteral("embeddings");
    case MatrixId::WQ:
        return QStringLiteral("W_Q");
    case MatrixId::WK:
        return QStringLiteral("W_K");
    case MatrixId::WV:
        return QStringLiteral("W_V");
    case MatrixId::WO:
        return QStringLiteral("W_O");
    case MatrixId::DirectQ:
        return QStringLiteral("Q");
    case MatrixId::DirectK:
        return QStringLiteral("K");
    case MatrixId::DirectV:
        return QStringLiteral("V");
    case MatrixId::X:
        return QStringLiteral("X");
    case MatrixId::BQ:
        return QStringLiteral("b_Q");
    case MatrixId::BK:
        return QStringLiteral("b_K");
    case MatrixId::BV:
        return QStringLiteral("b_V");
    case MatrixId::BO:
        return QStringLiteral("b_O");
    }
    return {};
}

bool hasMatrix(const core::Scene &s, MatrixId id)
{
    switch (id) {
    case MatrixId::DirectQ:
    case MatrixId::DirectK:
    case MatrixId::DirectV:
        return s.direct;
    case MatrixId::WO:
        return !s.direct && s.wo.size() > 0;
    case MatrixId::Embeddings:
        return !s.direct && !s.hasInputX();
    case MatrixId::X:
        return s.hasInputX();
    case MatrixId::BQ:
        return !s.direct && s.bq.size() > 0;
    case MatrixId::BK:
        return !s.direct && s.bk.size() > 0;
    case MatrixId::BV:
        return !s.direct && s.bv.size() > 0;
    case MatrixId::BO:
        return !s.direct && s.wo.size() > 0 && s.bo.size() > 0;
    case MatrixId::WQ:
    case MatrixId::WK:
    case MatrixId::WV:
        return !s.direct;
    }
    return false;
}

} // namespace attnlab::ui
