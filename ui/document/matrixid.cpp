#include "ui/document/matrixid.h"

namespace attnlab::ui {

core::Matrix &matrixRef(core::Scene &s, MatrixId id)
{
    switch (id) {
    case MatrixId::Embeddings:
        return s.embeddings;
    case MatrixId::WQ:
        return s.wq;
    case MatrixId::WK:
        return s.wk;
    case MatrixId::WV:
        return s.wv;
    case MatrixId::WO:
        return s.wo;
    case MatrixId::DirectQ:
        return s.q;
    case MatrixId::DirectK:
        return s.k;
    case MatrixId::DirectV:
        return s.v;
    }
    return s.embeddings;
}

const core::Matrix &matrixRef(const core::Scene &s, MatrixId id)
{
    return matrixRef(const_cast<core::Scene &>(s), id);
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
    default:
        return !s.direct;
    }
}

} // namespace attnlab::ui
