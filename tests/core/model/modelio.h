#pragma once
// The fixture of the checkpoint-reader tests: a temporary folder, safetensors bytes opened from
// it, and hand-written tensors and header entries.

#include "core/model/checkpoint/safetensors.h"
#include "core/model/modelerror.h"

#include "modelfixtures.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>

namespace attnlab::test {

using core::model::ModelError;
using core::model::SafetensorsFile;

class ModelIo : public ::testing::Test {
protected:
    void SetUp() override { m_dir = attnlab::test::makeTempDir("modelio"); }
    void TearDown() override { attnlab::test::removeTree(m_dir); }

    std::string path(const std::string &name = "model.safetensors") const { return m_dir + "/" + name; }

    std::shared_ptr<SafetensorsFile> openBytes(const std::string &bytes)
    {
        attnlab::test::writeBytes(path(), bytes);
        return SafetensorsFile::open(path());
    }

    // The error opening these bytes gives, or "" when they open.
    std::string openError(const std::string &bytes)
    {
        try {
            openBytes(bytes);
        } catch (const ModelError &e) {
            return e.what();
        }
        return "";
    }

    std::string m_dir;
};

inline FixtureTensor tensor(
    const std::string &name, std::vector<std::int64_t> shape, const std::string &dtype = "F32", unsigned seed = 7)
{
    FixtureTensor t;
    t.name = name;
    t.shape = std::move(shape);
    t.dtype = dtype;
    size_t n = 1;
    for (auto d : t.shape)
        n *= size_t(d);
    std::mt19937 rng(seed);
    std::normal_distribution<float> normal(0.f, 3.f);
    for (size_t i = 0; i < n; ++i)
        t.values.push_back(normal(rng));
    return t;
}

// One tensor entry of a hand-written header.
inline std::string entry(
    const std::string &name, const std::string &dtype, const std::string &shape, std::uint64_t begin, std::uint64_t end)
{
    return "\"" + name + "\":{\"dtype\":\"" + dtype + "\",\"shape\":" + shape + ",\"data_offsets\":["
        + std::to_string(begin) + "," + std::to_string(end) + "]}";
}

inline std::string zeros(size_t n)
{
    return std::string(n, '\0');
}

inline float fromBits(std::uint32_t b)
{
    float f;
    std::memcpy(&f, &b, 4);
    return f;
}

} // namespace attnlab::test
