#pragma once
// Reader of GGUF files (ggml's format, versions 2 and 3; ggml/docs/gguf.md), all little-endian:
//
//   "GGUF"  uint32 version  uint64 tensor_count  uint64 metadata_kv_count
//   metadata_kv_count × { string key, uint32 value_type, value }
//   tensor_count × { string name, uint32 n_dimensions, n_dimensions × uint64 extent,
//                    uint32 ggml_type, uint64 offset }
//   padding to general.alignment (default 32), then the data section.
//
// A string is a uint64 byte count and that many bytes; an array a uint32 element type, a uint64
// count and the elements. Extents are listed fastest-varying first, as ggml's ne[]: a matrix of
// R rows and C columns is [C, R]. Tensor offsets are relative to the data section.
//
// The file is memory-mapped read-only and everything but the tensor bytes is validated at open,
// so a truncated or hostile file is a ModelError naming the field and never a crash: every length
// and count is checked against the bytes left in the file before anything is allocated for it,
// every extent and size against 64-bit overflow, types against ggml's table, offsets against
// the alignment and the data section, and tensors against overlapping each other.
//
// Errors name the file and the field, e.g.
//   model.gguf: tensor "blk.0.attn_q.weight": offset: its data [0, 4096) runs past the end of …

#include "core/gguf/ggmltype.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace attnlab::core::gguf {

enum class GgufValueType : std::uint32_t {
    UInt8 = 0,
    Int8 = 1,
    UInt16 = 2,
    Int16 = 3,
    UInt32 = 4,
    Int32 = 5,
    Float32 = 6,
    Bool = 7,
    String = 8,
    Array = 9,
    UInt64 = 10,
    Int64 = 11,
    Float64 = 12,
};

// The GGUF spelling of a value type ("uint32", "string", …).
const char *valueTypeName(GgufValueType type);

// One metadata value. Numbers and flags (alone or in arrays) are read from the mapped file when
// asked for, so a value lives no longer than its GgufFile.
struct GgufValue {
    GgufValueType type = GgufValueType::UInt8;
    std::string text; // String
    // Array: the element type and count; a string array's elements are in `strings`, any other
    // array's `count` little-endian values start at `raw`.
    GgufValueType elementType = GgufValueType::UInt8;
    std::uint64_t count = 0;
    std::vector<std::string> strings;
    const unsigned char *raw = nullptr; // a scalar number or flag, or a number array's elements

    bool isArray() const { return type == GgufValueType::Array; }
    // A scalar integer (or flag) as a signed 64-bit value; nullopt for other types and for uint64
    // values above INT64_MAX.
    std::optional<std::int64_t> integer() const;
    // Any scalar number or flag as a double (64-bit integers may round).
    std::optional<double> number() const;
    // Element i < count of a number or flag array, as integer() and number() read scalars.
    std::optional<std::int64_t> integerAt(std::uint64_t i) const;
    double numberAt(std::uint64_t i) const;
};

struct GgufTensor {
    std::string name;
    std::uint32_t typeId = 0; // ggml's id
    const GgmlTypeInfo *type = nullptr; // never null after open
    std::vector<std::uint64_t> extents; // fastest first, as ggml's ne[]; at most 4
    std::uint64_t elements = 0; // product of extents
    std::uint64_t offset = 0; // in the data section
    std::uint64_t bytes = 0;

    GgmlType ggmlType() const { return GgmlType(typeId); }
    // Elements per row (extents[0], 1 for a scalar) and rows (the product of the others).
    std::uint64_t rowLength() const { return extents.empty() ? 1 : extents[0]; }
    std::uint64_t rows() const { return rowLength() ? elements / rowLength() : 0; }
};

class GgufFile {
public:
    // Maps and validates the file. `label` names it in messages (default: the file name
    // without its folder). Throws ModelError.
    static std::shared_ptr<GgufFile> open(const std::string &path, const std::string &label = {});

    ~GgufFile();
    GgufFile(const GgufFile &) = delete;
    GgufFile &operator=(const GgufFile &) = delete;

    const std::string &label() const { return m_label; }
    std::uint32_t version() const { return m_version; }
    std::uint64_t alignment() const { return m_alignment; }
    // Where the data section starts in the file, and the file's size.
    std::uint64_t dataOffset() const { return m_dataOffset; }
    std::uint64_t fileSize() const { return m_size; }

    // The metadata by key, and the keys in file order.
    const std::map<std::string, GgufValue> &metadata() const { return m_metadata; }
    const std::vector<std::string> &keys() const { return m_keys; }
    // nullptr when the key is absent.
    const GgufValue *find(const std::string &key) const;

    // Every tensor, in file order.
    const std::vector<GgufTensor> &tensors() const { return m_tensors; }
    // nullptr when there is no tensor of that name.
    const GgufTensor *tensor(const std::string &name) const;
    // The tensor's bytes inside the mapping (`bytes` of them).
    const unsigned char *data(const GgufTensor &t) const { return m_base + m_dataOffset + t.offset; }

    // The tensor's elements as floats, in ggml's order (row after row, extents[0] fastest),
    // dequantized exactly as ggml does. Throws ModelError for a type dequantize() cannot read.
    std::vector<float> floats(const GgufTensor &t) const;

private:
    GgufFile() = default;
    void parse();

    std::string m_label;
    void *m_map = nullptr;
    const unsigned char *m_base = nullptr;
    std::uint64_t m_size = 0;
    std::uint32_t m_version = 0;
    std::uint64_t m_alignment = 32;
    std::uint64_t m_dataOffset = 0;
    std::map<std::string, GgufValue> m_metadata;
    std::vector<std::string> m_keys;
    std::vector<GgufTensor> m_tensors;
    std::map<std::string, std::size_t> m_tensorIndex;
};

} // namespace attnlab::core::gguf
