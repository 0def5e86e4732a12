#include "core/model/checkpoint/safetensors.h"

#include "core/json/strictjson.h"
#include "core/model/modelerror.h"
#include "core/text/messageid.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <new>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace attnlab::core::model {

namespace {

// Tensor data is little-endian in the file and F32 tensors are read in place.
static_assert(sizeof(float) == 4, "F32 tensors are read as float");
static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "F32 tensors are read in place as little-endian");

std::string baseName(const std::string &path)
{
    const size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

bool checkedMultiply(std::uint64_t a, std::uint64_t b, std::uint64_t *out)
{
    return !__builtin_mul_overflow(a, b, out);
}

std::string shapeText(const std::vector<std::int64_t> &shape)
{
    std::string s = "[";
    for (size_t i = 0; i < shape.size(); ++i)
        s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + "]";
}

std::string rangeText(std::uint64_t begin, std::uint64_t end)
{
    return "[" + std::to_string(begin) + ", " + std::to_string(end) + "]";
}

// A file size as people read it: "27 B", "1.2 MB", "497 MB" (decimal units, as downloads show).
std::string sizeText(std::uint64_t bytes)
{
    static const char *const kUnits[] = {"B", "kB", "MB", "GB", "TB"};
    double value = double(bytes);
    int unit = 0;
    while (value >= 1000 && unit < 4) {
        value /= 1000;
        ++unit;
    }
    char text[32];
    std::snprintf(text, sizeof text, unit > 0 && value < 10 ? "%.1f %s" : "%.0f %s", value, kUnits[unit]);
    return text;
}

// A JSON value as a non-negative 64-bit integer. nlohmann stores integers past 2⁶⁴ and
// anything with a fraction or exponent as a double, which is refused here.
bool asCount(const nlohmann::json &v, std::uint64_t *out)
{
    if (v.is_number_unsigned()) {
        *out = v.get<std::uint64_t>();
        return true;
    }
    if (v.is_number_integer() && v.get<std::int64_t>() >= 0) {
        *out = std::uint64_t(v.get<std::int64_t>());
        return true;
    }
    return false;
}

// Where the header says the data section ends: the largest end of any tensor's data_offsets
// that can be read (the entries are checked one by one later).
std::uint64_t declaredDataEnd(const nlohmann::json &root)
{
    std::uint64_t end = 0;
    for (const auto &[key, entry] : root.items()) {
        std::uint64_t begin = 0;
        std::uint64_t last = 0;
        if (key == "__metadata__" || !entry.is_object())
            continue;
        const auto offsets = entry.find("data_offsets");
        if (offsets != entry.end() && offsets->is_array() && offsets->size() == 2 && asCount((*offsets)[0], &begin)
            && asCount((*offsets)[1], &last) && begin <= last)
            end = std::max(end, last);
    }
    return end;
}

DType dtypeOf(const std::string &name)
{
    if (name == "F32")
        return DType::F32;
    if (name == "F16")
        return DType::F16;
    if (name == "BF16")
        return DType::BF16;
    return DType::Other;
}

// 16-bit little-endian patterns (at any alignment) to floats; a template so the conversion
// inlines into the loop.
template<typename Convert> void convertHalves(const unsigned char *src, size_t n, float *out, Convert convert)
{
    for (size_t i = 0; i < n; ++i)
        out[i] = convert(std::uint16_t(src[2 * i] | (src[2 * i + 1] << 8)));
}

} // namespace

std::size_t dtypeSize(const std::string &n)
{
    if (n == "BOOL" || n == "U8" || n == "I8" || n == "F8_E5M2" || n == "F8_E4M3" || n == "F8_E8M0")
        return 1;
    if (n == "I16" || n == "U16" || n == "F16" || n == "BF16")
        return 2;
    if (n == "I32" || n == "U32" || n == "F32")
        return 4;
    if (n == "I64" || n == "U64" || n == "F64" || n == "C64")
        return 8;
    return 0;
}

float halfToFloat(std::uint16_t h)
{
    const std::uint32_t sign = std::uint32_t(h & 0x8000u) << 16;
    const std::uint32_t exponent = (h >> 10) & 0x1fu;
    const std::uint32_t mantissa = h & 0x3ffu;
    std::uint32_t bits;
    if (exponent == 0) {
        // Zero or subnormal: mantissa · 2⁻²⁴, exact in float (10 bits times a power of two).
        const float magnitude = float(mantissa) * 0x1p-24f;
        std::memcpy(&bits, &magnitude, 4);
        bits |= sign;
    } else if (exponent == 31) {
        // ±∞, or NaN with its payload kept (the mantissa stays non-zero).
        bits = sign | 0x7f800000u | (mantissa << 13);
    } else {
        bits = sign | ((exponent + 127 - 15) << 23) | (mantissa << 13);
    }
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

float bfloat16ToFloat(std::uint16_t b)
{
    // bfloat16 is the upper half of a float, so widening is exact for every pattern.
    const std::uint32_t bits = std::uint32_t(b) << 16;
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

// Float storage for a converted tensor. Large ones are anonymous mappings with transparent huge
// pages requested: filling 500 MB of 4 KiB pages cost GPT-2 small in BF16 121k page faults and
// over 2 s of CPU on the test machine, with 2 MiB pages about 600 faults and half the time.
struct SafetensorsFile::Buffer {
    float *data = nullptr;
    size_t bytes = 0;
    bool mapped = false;

    explicit Buffer(size_t elements)
        : bytes(elements * sizeof(float))
    {
        constexpr size_t kHugePage = size_t(2) << 20;
        if (bytes >= kHugePage) {
            void *p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if (p == MAP_FAILED)
                throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
            ::madvise(p, bytes, MADV_HUGEPAGE); // a hint: without it the buffer works the same
#endif
            data = static_cast<float *>(p);
            mapped = true;
        } else {
            data = new float[elements > 0 ? elements : 1];
        }
    }
    ~Buffer()
    {
        if (mapped)
            ::munmap(data, bytes);
        else
            delete[] data;
    }
    Buffer(const Buffer &) = delete;
    Buffer &operator=(const Buffer &) = delete;
};

std::shared_ptr<SafetensorsFile> SafetensorsFile::open(const std::string &path, const std::string &label)
{
    std::shared_ptr<SafetensorsFile> file(new SafetensorsFile);
    file->m_label = label.empty() ? baseName(path) : label;
    const std::string &name = file->m_label;

    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        throw ModelError(name, Message(MessageId::CannotOpen, Message::systemError(errno)));
    struct stat st { };
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        throw ModelError(name, Message(MessageId::NotARegularFile));
    }
    file->m_size = std::uint64_t(st.st_size);
    if (file->m_size < 8) {
        ::close(fd);
        throw ModelError(name, Message(MessageId::SafetensorsTooShort, file->m_size));
    }
    void *map = ::mmap(nullptr, size_t(file->m_size), PROT_READ, MAP_PRIVATE, fd, 0);
    ::close(fd); // the mapping keeps the file referenced
    if (map == MAP_FAILED)
        throw ModelError(name, Message(MessageId::CannotMap, Message::systemError(errno)));
    file->m_map = map;

    const auto *base = static_cast<const unsigned char *>(map);
    std::uint64_t headerBytes = 0;
    for (int i = 7; i >= 0; --i)
        headerBytes = (headerBytes << 8) | base[i];
    const std::uint64_t afterLength = file->m_size - 8;
    if (headerBytes > kMaxSafetensorsHeaderBytes)
        throw ModelError(name, Message(MessageId::HeaderOverLimit, headerBytes, kMaxSafetensorsHeaderBytes));
    if (headerBytes > afterLength)
        throw ModelError("",
            Message(MessageId::SafetensorsHeaderIncomplete, name, sizeText(file->m_size), sizeText(8 + headerBytes),
                Message(MessageId::HeaderBeyondFile, headerBytes, afterLength)));
    if (headerBytes == 0 || base[8] != '{')
        throw ModelError(name, Message(MessageId::HeaderNotObject));
    file->m_data = base + 8 + headerBytes;
    file->m_dataSize = afterLength - headerBytes;
    file->parseHeader(reinterpret_cast<const char *>(base + 8), size_t(headerBytes));
    return file;
}

SafetensorsFile::~SafetensorsFile()
{
    if (m_map)
        ::munmap(m_map, size_t(m_size));
}

void SafetensorsFile::parseHeader(const char *text, std::size_t size)
{
    // The header may be as long as kMaxSafetensorsHeaderBytes (checked before this).
    JsonLimits limits;
    limits.maxBytes = std::max(limits.maxBytes, std::size_t(kMaxSafetensorsHeaderBytes));
    const nlohmann::json root = detail::parseStrictJson(text, size, m_label, limits);
    if (!root.is_object())
        throw ModelError(m_label, Message(MessageId::HeaderNotObject));

    // A header whose tensors run past the end of the file is a download cut short (or a copy
    // that stopped): say so first, in words a teacher understands, with the detail after it.
    const std::uint64_t declaredEnd = declaredDataEnd(root);
    const auto incomplete = [&](const std::string &tensor, Message why) {
        Message technical(MessageId::TensorProblem, detail::quoted(tensor), std::move(why));
        return ModelError("",
            Message(MessageId::SafetensorsIncomplete, m_label, sizeText(m_size),
                sizeText(m_size - m_dataSize + declaredEnd), std::move(technical)));
    };

    for (const auto &[key, entry] : root.items()) {
        if (key == "__metadata__") {
            if (!entry.is_object())
                throw ModelError(m_label, Message(MessageId::MetadataNotObject));
            for (const auto &[mk, mv] : entry.items()) {
                if (!mv.is_string())
                    throw ModelError(m_label, Message(MessageId::MetadataValueNotString, detail::quoted(mk)));
                m_metadata[mk] = mv.get<std::string>();
            }
            continue;
        }
        // A copy: C++17 lambdas cannot capture a structured binding (clang refuses it).
        const std::string name = key;
        const auto fail = [&](Message why) {
            return ModelError(m_label, Message(MessageId::TensorProblem, detail::quoted(name), std::move(why)));
        };
        if (!entry.is_object())
            throw fail(Message(MessageId::EntryNotObject));
        SafetensorsTensor t;
        t.name = key;

        const auto dtype = entry.find("dtype");
        if (dtype == entry.end() || !dtype->is_string())
            throw fail(Message(MessageId::DtypeMissing));
        t.dtypeName = dtype->get<std::string>();
        t.dtype = dtypeOf(t.dtypeName);

        const auto shape = entry.find("shape");
        if (shape == entry.end() || !shape->is_array())
            throw fail(Message(MessageId::ShapeMissing));
        t.elements = 1;
        for (const auto &d : *shape) {
            std::uint64_t extent = 0;
            if (!asCount(d, &extent) || extent > std::uint64_t(INT64_MAX))
                throw fail(Message(MessageId::ShapeEntryBad, detail::shown(d)));
            t.shape.push_back(std::int64_t(extent));
            if (!checkedMultiply(t.elements, extent, &t.elements))
                throw fail(Message(MessageId::ShapeTooLarge, detail::shown(*shape)));
        }

        const auto offsets = entry.find("data_offsets");
        if (offsets == entry.end() || !offsets->is_array() || offsets->size() != 2 || !asCount((*offsets)[0], &t.begin)
            || !asCount((*offsets)[1], &t.end))
            throw fail(Message(MessageId::OffsetsBad));
        if (t.end < t.begin)
            throw fail(Message(MessageId::OffsetsReversed, rangeText(t.begin, t.end)));
        if (t.end > m_dataSize)
            throw incomplete(key, Message(MessageId::OffsetsBeyondData, rangeText(t.begin, t.end), m_dataSize));

        // Unknown dtypes (new float8/float4 kinds) cannot be size-checked; their range was.
        if (const std::size_t elementBytes = dtypeSize(t.dtypeName)) {
            std::uint64_t bytes = 0;
            if (!checkedMultiply(t.elements, elementBytes, &bytes))
                throw fail(Message(MessageId::ShapeBytesOverflow, shapeText(t.shape), detail::word(t.dtypeName)));
            if (bytes != t.end - t.begin)
                throw fail(Message(MessageId::ShapeBytesMismatch, shapeText(t.shape), detail::word(t.dtypeName), bytes,
                    rangeText(t.begin, t.end), t.end - t.begin));
        }
        m_tensors.push_back(std::move(t));
    }

    // The ranges must tile the data section: an overlap would let two tensors share bytes, a
    // hole would hide data no tensor accounts for.
    std::vector<const SafetensorsTensor *> byOffset;
    for (const SafetensorsTensor &t : m_tensors)
        byOffset.push_back(&t);
    std::sort(byOffset.begin(), byOffset.end(), [](const SafetensorsTensor *a, const SafetensorsTensor *b) {
        return a->begin != b->begin ? a->begin < b->begin : a->end < b->end;
    });
    std::uint64_t covered = 0;
    const SafetensorsTensor *previous = nullptr;
    for (const SafetensorsTensor *t : byOffset) {
        if (t->begin < covered)
            throw ModelError(m_label,
                Message(MessageId::TensorProblem, detail::quoted(t->name),
                    Message(MessageId::OffsetsOverlap, rangeText(t->begin, t->end), detail::quoted(previous->name),
                        rangeText(previous->begin, previous->end))));
        if (t->begin > covered)
            throw ModelError(m_label, Message(MessageId::BytesOfNoTensor, rangeText(covered, t->begin)));
        covered = t->end;
        previous = t;
    }
    if (covered != m_dataSize)
        throw ModelError(m_label, Message(MessageId::BytesOfNoTensor, rangeText(covered, m_dataSize)));

    std::sort(m_tensors.begin(), m_tensors.end(),
        [](const SafetensorsTensor &a, const SafetensorsTensor &b) { return a.name < b.name; });
}

const SafetensorsTensor *SafetensorsFile::find(const std::string &name) const
{
    const auto it = std::lower_bound(m_tensors.begin(), m_tensors.end(), name,
        [](const SafetensorsTensor &t, const std::string &n) { return t.name < n; });
    return it != m_tensors.end() && it->name == name ? &*it : nullptr;
}

bool SafetensorsFile::isMapped(const void *p) const
{
    const auto *c = static_cast<const unsigned char *>(p);
    const auto *base = static_cast<const unsigned char *>(m_map);
    return c >= base && c < base + m_size;
}

const float *SafetensorsFile::floats(const SafetensorsTensor &t)
{
    const unsigned char *src = bytes(t);
    if (t.dtype == DType::F32 && reinterpret_cast<std::uintptr_t>(src) % alignof(float) == 0)
        return reinterpret_cast<const float *>(src);
    if (t.dtype == DType::Other)
        throw ModelError(
            m_label, Message(MessageId::DtypeUnreadable, detail::quoted(t.name), detail::word(t.dtypeName)));

    const auto found = m_converted.find(t.name);
    if (found != m_converted.end())
        return found->second->data;
    // The header was checked, so the element count fits in the mapped bytes and in size_t.
    const size_t n = size_t(t.elements);
    auto out = std::make_unique<Buffer>(n);
    if (t.dtype == DType::F32)
        std::memcpy(out->data, src, n * sizeof(float));
    else if (t.dtype == DType::F16)
        convertHalves(src, n, out->data, [](std::uint16_t b) { return halfToFloat(b); });
    else
        convertHalves(src, n, out->data, [](std::uint16_t b) { return bfloat16ToFloat(b); });
    m_convertedBytes += n * sizeof(float);
    // The file's pages of a converted tensor are not needed again: let them leave the resident
    // set now rather than under memory pressure (the mapping is private and read-only, so they
    // are simply re-read should anyone look at them).
    const auto pageBytes = std::uintptr_t(::sysconf(_SC_PAGESIZE));
    const auto first = (reinterpret_cast<std::uintptr_t>(src) + pageBytes - 1) / pageBytes * pageBytes;
    const auto last = (reinterpret_cast<std::uintptr_t>(src) + (t.end - t.begin)) / pageBytes * pageBytes;
    if (last > first)
        ::madvise(reinterpret_cast<void *>(first), size_t(last - first), MADV_DONTNEED);
    return m_converted.emplace(t.name, std::move(out)).first->second->data;
}

} // namespace attnlab::core::model
