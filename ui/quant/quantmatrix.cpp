#include "ui/quant/quantmatrix.h"

#include "core/gguf/ggufmodel.h"

namespace attnlab::ui {

QuantMatrix readQuantMatrix(
    const std::shared_ptr<core::gguf::GgufFile> &file, const std::string &name, const QuantOriginal &original)
{
    QuantMatrix m;
    m.name = name;
    const core::gguf::GgufTensor *t = file->tensor(name);
    if (!t || t->extents.size() != 2 || !t->type->readable)
        return m;
    m.tensor = t;
    m.rows = int(t->rows());
    m.cols = int(t->rowLength());
    m.values = file->floats(*t);
    if (original.empty())
        return m;
    if (original.file) {
        const core::gguf::GgufTensor *o = original.file->tensor(name);
        if (!o || !o->type->readable) {
            m.originalProblem = QuantMatrix::Problem::Missing;
            return m;
        }
        if (o->extents != t->extents) {
            m.originalProblem = QuantMatrix::Problem::Shape;
            return m;
        }
        m.original = original.file->floats(*o);
    } else {
        m.original = core::gguf::ggufLayoutValues(*original.weights, original.arch, name);
        if (m.original.empty()) {
            m.originalProblem = QuantMatrix::Problem::Missing;
            return m;
        }
        if (m.original.size() != m.values.size()) {
            m.original.clear();
            m.originalProblem = QuantMatrix::Problem::Shape;
            return m;
        }
    }
    m.errors.resize(m.values.size());
    for (std::size_t i = 0; i < m.values.size(); ++i)
        m.errors[i] = m.values[i] - m.original[i];
    m.error = core::gguf::quantizationError(m.values.data(), m.original.data(), m.values.size());
    return m;
}

std::vector<std::string> quantMatrixNames(const core::gguf::GgufFile &file)
{
    std::vector<std::string> names;
    for (const core::gguf::GgufTensor &t : file.tensors())
        if (t.extents.size() == 2 && t.type->readable)
            names.push_back(t.name);
    return names;
}

} // namespace attnlab::ui
