#pragma once
// Reader of the safetensors format (huggingface/safetensors): an 8-byte little-endian header
// length N, N bytes of UTF-8 JSON, then the data section. The header maps each tensor name to
// {"dtype", "shape", "data_offsets": [begin, end]} (offsets relative to the data section) and may
// hold "__metadata__" (string → string).
//
// The file is memory-mapped read-only and the whole header is validated before any tensor byte
// is read, so a truncated or hostile file is a ModelError and never a crash: header length
// against the file and a 100 MB cap, every shape (non-negative, element count without 64-bit
// overflow), every dtype size × element count against its byte range, every range inside the
// data section, and the ranges tiling the data section exactly (no overlap, no hole, as the
// reference implementation demands). Dtypes this reader cannot convert are accepted in the
// header and only refused when someone asks for their floats.
//
// Errors name the file and the tensor or field, e.g.
//   model.safetensors: tensor "h.0.attn.c_attn.weight": data_offsets [0, 100] exceed the data section (96 bytes)

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace attnlab::core::model {

enum class DType { F32, F16, BF16, Other };

struct SafetensorsTensor {
    std::string name;
    std::string dtypeName; // as written in the header, e.g. "F32", "I64"
    DType dtype = DType::Other;
    std::vector<std::int64_t> shape; // empty = a scalar
    std::uint64_t elements = 0; // product of shape
    std::uint64_t begin = 0, end = 0; // byte range within the data section
};

class SafetensorsFile {
public:
    // Maps and validates the file. `label` names it in messages (default: the file name
    // without its folder). Throws ModelError.
    static std::shared_ptr<SafetensorsFile> open(const std::string &path, const std::string &label = {});

    ~SafetensorsFile();
    SafetensorsFile(const SafetensorsFile &) = delete;
    SafetensorsFile &operator=(const SafetensorsFile &) = delete;

    const std::string &label() const { return m_label; }
    // Every tensor of the header, ordered by name.
    const std::vector<SafetensorsTensor> &tensors() const { return m_tensors; }
    // nullptr when there is no tensor of that name.
    const SafetensorsTensor *find(const std::string &name) const;
    const std::map<std::string, std::string> &metadata() const { return m_metadata; }

    // The tensor's elements as floats, row-major. An F32 tensor whose bytes are 4-byte aligned
    // in the mapping is returned in place (no copy); a misaligned F32 tensor is copied, F16 and
    // BF16 are converted (exactly: subnormals, ±∞ and NaN keep their meaning). Copies are made
    // once per tensor and live as long as this object. Throws ModelError for any other dtype.
    // Not thread-safe (it may add to the converted storage).
    const float *floats(const SafetensorsTensor &tensor);

    // The raw bytes of the tensor inside the mapping.
    const unsigned char *bytes(const SafetensorsTensor &tensor) const { return m_data + tensor.begin; }
    // Whether p points into the mapped file (an F32 tensor read without copying does).
    bool isMapped(const void *p) const;
    // Bytes held in converted copies.
    std::size_t convertedBytes() const { return m_convertedBytes; }
    std::uint64_t fileSize() const { return m_size; }

private:
    SafetensorsFile() = default;
    void parseHeader(const char *text, std::size_t size);

    std::string m_label;
    void *m_map = nullptr;
    std::uint64_t m_size = 0;
    const unsigned char *m_data = nullptr; // start of the data section
    std::uint64_t m_dataSize = 0;
    std::vector<SafetensorsTensor> m_tensors;
    std::map<std::string, std::string> m_metadata;
    struct Buffer;
    std::map<std::string, std::unique_ptr<Buffer>> m_converted;
    std::size_t m_convertedBytes = 0;
};

// Header lengths above this are refused (the reference implementation's limit).
inline constexpr std::uint64_t kMaxSafetensorsHeaderBytes = 100'000'000;

// Bytes per element of a safetensors dtype name, 0 when unknown (or below one byte).
std::size_t dtypeSize(const std::string &dtypeName);

// IEEE half and bfloat16 bit patterns to float, exact for every input.
float halfToFloat(std::uint16_t bits);
float bfloat16ToFloat(std::uint16_t bits);

} // namespace attnlab::core::model
