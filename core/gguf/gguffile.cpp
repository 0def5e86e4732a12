#include "core/gguf/gguffile.h"

#include "core/gguf/dequantize.h"
#include "core/model/modelerror.h"
#include "core/text/messageid.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace attnlab::core::gguf {

using model::ModelError;

namespace {

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "GGUF numbers are read as little-endian");

constexpr std::uint32_t kMaxDimensions = 4; // GGML_MAX_DIMS

std::string baseName(const std::string &path)
{
    const size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::uint64_t readLittle(const unsigned char *p, int bytes)
{
    std::uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; --i)
        v = (v << 8) | p[i];
    return v;
}

// Bytes of one scalar of a value type; 0 for strings and arrays, -1 for an unknown type.
int scalarBytes(std::uint32_t type)
{
    switch (GgufValueType(type)) {
    case GgufValueType::UInt8:
    case GgufValueType::Int8:
    case GgufValueType::Bool:
        return 1;
    case GgufValueType::UInt16:
    case GgufValueType::Int16:
        return 2;
    case GgufValueType::UInt32:
    case GgufValueType::Int32:
    case GgufValueType::Float32:
        return 4;
    case GgufValueType::UInt64:
    case GgufValueType::Int64:
    case GgufValueType::Float64:
        return 8;
    case GgufValueType::String:
    case GgufValueType::Array:
        return 0;
    }
    return -1;
}

std::optional<std::int64_t> integerOf(GgufValueType type, const unsigned char *p)
{
    switch (type) {
    case GgufValueType::UInt8:
    case GgufValueType::Bool:
        return std::int64_t(p[0]);
    case GgufValueType::Int8:
        return std::int64_t(std::int8_t(p[0]));
    case GgufValueType::UInt16:
        return std::int64_t(readLittle(p, 2));
    case GgufValueType::Int16:
        return std::int64_t(std::int16_t(readLittle(p, 2)));
    case GgufValueType::UInt32:
        return std::int64_t(readLittle(p, 4));
    case GgufValueType::Int32:
        return std::int64_t(std::int32_t(readLittle(p, 4)));
    case GgufValueType::UInt64: {
        const std::uint64_t v = readLittle(p, 8);
        if (v > std::uint64_t(std::numeric_limits<std::int64_t>::max()))
            return std::nullopt;
        return std::int64_t(v);
    }
    case GgufValueType::Int64:
        return std::int64_t(readLittle(p, 8));
    default:
        return std::nullopt;
    }
}

std::optional<double> numberOf(GgufValueType type, const unsigned char *p)
{
    if (type == GgufValueType::Float32) {
        const auto bits = std::uint32_t(readLittle(p, 4));
        float f;
        std::memcpy(&f, &bits, 4);
        return double(f);
    }
    if (type == GgufValueType::Float64) {
        const std::uint64_t bits = readLittle(p, 8);
        double d;
        std::memcpy(&d, &bits, 8);
        return d;
    }
    if (type == GgufValueType::UInt64)
        return double(readLittle(p, 8));
    if (const auto i = integerOf(type, p))
        return double(*i);
    return std::nullopt;
}

std::string quoted(const std::string &s)
{
    return "\"" + s + "\"";
}

std::string extentsText(const std::vector<std::uint64_t> &extents)
{
    std::string s = "[";
    for (size_t i = 0; i < extents.size(); ++i)
        s += (i ? ", " : "") + std::to_string(extents[i]);
    return s + "]";
}

std::string rangeText(std::uint64_t begin, std::uint64_t end)
{
    return "[" + std::to_string(begin) + ", " + std::to_string(end) + ")";
}

// The first bytes of a file that is not GGUF, shown as text where printable.
std::string magicText(const unsigned char *p, std::uint64_t n)
{
    std::string s = "\"";
    for (std::uint64_t i = 0; i < std::min<std::uint64_t>(n, 4); ++i) {
        if (p[i] >= 0x20 && p[i] < 0x7f && p[i] != '"' && p[i] != '\\') {
            s += char(p[i]);
        } else {
            static const char kHex[] = "0123456789abcdef";
            s += std::string("\\x") + kHex[p[i] >> 4] + kHex[p[i] & 15];
        }
    }
    return s + "\"";
}

// Reads the header front to back; every read is checked against the end of the file first.
class Cursor {
public:
    Cursor(const unsigned char *base, std::uint64_t size, const std::string &label)
        : m_base(base)
        , m_size(size)
        , m_label(label)
    {
    }

    [[noreturn]] void fail(const std::string &field, Message message) const
    {
        throw ModelError(Problem {field, std::move(message), 0, 0, m_label});
    }
    std::uint64_t position() const { return m_pos; }
    std::uint64_t left() const { return m_size - m_pos; }
    const unsigned char *here() const { return m_base + m_pos; }

    void need(std::uint64_t bytes, const std::string &field) const
    {
        if (bytes > left())
            fail(field, Message(MessageId::GgufTruncated, bytes - left(), m_pos, m_size));
    }
    std::uint64_t unsignedValue(int bytes, const std::string &field)
    {
        need(std::uint64_t(bytes), field);
        const std::uint64_t v = readLittle(here(), bytes);
        m_pos += std::uint64_t(bytes);
        return v;
    }
    std::uint32_t u32(const std::string &field) { return std::uint32_t(unsignedValue(4, field)); }
    std::uint64_t u64(const std::string &field) { return unsignedValue(8, field); }
    void skip(std::uint64_t bytes, const std::string &field)
    {
        need(bytes, field);
        m_pos += bytes;
    }
    std::string string(const std::string &field)
    {
        const std::uint64_t length = u64(field);
        if (length > left())
            fail(field, Message(MessageId::GgufLengthBeyondFile, length, left()));
        std::string s(reinterpret_cast<const char *>(here()), size_t(length));
        m_pos += length;
        return s;
    }

private:
    const unsigned char *m_base;
    std::uint64_t m_size;
    std::uint64_t m_pos = 0;
    const std::string &m_label;
};

// A value of `type` at the cursor (the type already read), for the field `field`.
GgufValue readValue(Cursor &in, std::uint32_t type, const std::string &field)
{
    GgufValue v;
    const int bytes = scalarBytes(type);
    if (bytes < 0)
        in.fail(field, Message(MessageId::GgufValueType, type));
    v.type = GgufValueType(type);
    if (v.type == GgufValueType::String) {
        v.text = in.string(field);
    } else if (v.type == GgufValueType::Array) {
        const std::uint32_t elementType = in.u32(field);
        const int elementBytes = scalarBytes(elementType);
        if (elementBytes < 0)
            in.fail(field, Message(MessageId::GgufValueType, elementType));
        if (GgufValueType(elementType) == GgufValueType::Array)
            in.fail(field, Message(MessageId::GgufNestedArray));
        v.elementType = GgufValueType(elementType);
        v.count = in.u64(field);
        // A string takes at least its 8-byte length: the count is checked before anything is
        // reserved for it.
        const std::uint64_t least = elementBytes > 0 ? std::uint64_t(elementBytes) : 8;
        if (v.count > in.left() / least)
            in.fail(field, Message(MessageId::GgufCountBeyondFile, v.count, in.left()));
        if (v.elementType == GgufValueType::String) {
            v.strings.reserve(size_t(v.count));
            for (std::uint64_t i = 0; i < v.count; ++i)
                v.strings.push_back(in.string(field + "[" + std::to_string(i) + "]"));
        } else {
            v.raw = in.here();
            in.skip(v.count * std::uint64_t(elementBytes), field);
        }
    } else {
        in.need(std::uint64_t(bytes), field);
        v.raw = in.here();
        in.skip(std::uint64_t(bytes), field);
    }
    return v;
}

} // namespace

const char *valueTypeName(GgufValueType type)
{
    static const char *const kNames[] = {"uint8", "int8", "uint16", "int16", "uint32", "int32", "float32", "bool",
        "string", "array", "uint64", "int64", "float64"};
    const auto i = std::uint32_t(type);
    return i < std::size(kNames) ? kNames[i] : "unknown";
}

std::optional<std::int64_t> GgufValue::integer() const
{
    return raw && !isArray() ? integerOf(type, raw) : std::nullopt;
}

std::optional<double> GgufValue::number() const
{
    return raw && !isArray() ? numberOf(type, raw) : std::nullopt;
}

std::optional<std::int64_t> GgufValue::integerAt(std::uint64_t i) const
{
    if (!isArray() || !raw || i >= count)
        return std::nullopt;
    return integerOf(elementType, raw + i * std::uint64_t(scalarBytes(std::uint32_t(elementType))));
}

double GgufValue::numberAt(std::uint64_t i) const
{
    if (!isArray() || !raw || i >= count)
        return 0;
    return numberOf(elementType, raw + i * std::uint64_t(scalarBytes(std::uint32_t(elementType)))).value_or(0);
}

std::shared_ptr<GgufFile> GgufFile::open(const std::string &path, const std::string &label)
{
    std::shared_ptr<GgufFile> file(new GgufFile);
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
    if (file->m_size > 0) {
        void *map = ::mmap(nullptr, size_t(file->m_size), PROT_READ, MAP_PRIVATE, fd, 0);
        if (map == MAP_FAILED) {
            const int error = errno;
            ::close(fd);
            throw ModelError(name, Message(MessageId::CannotMap, Message::systemError(error)));
        }
        file->m_map = map;
        file->m_base = static_cast<const unsigned char *>(map);
    }
    ::close(fd); // the mapping keeps the file referenced
    file->parse();
    return file;
}

GgufFile::~GgufFile()
{
    if (m_map)
        ::munmap(m_map, size_t(m_size));
}

void GgufFile::parse()
{
    Cursor in(m_base, m_size, m_label);
    in.need(4, "magic");
    if (std::memcmp(m_base, "GGUF", 4) != 0)
        in.fail("magic", Message(MessageId::GgufMagic, magicText(m_base, m_size)));
    in.skip(4, "magic");
    m_version = in.u32("version");
    if (m_version != 2 && m_version != 3)
        in.fail("version", Message(MessageId::GgufVersion, m_version));
    const std::uint64_t tensorCount = in.u64("tensor_count");
    const std::uint64_t kvCount = in.u64("metadata_kv_count");
    // The least each entry takes: a key's length and a value type; a name's length, a dimension
    // count, a type and an offset.
    if (kvCount > in.left() / 12)
        in.fail("metadata_kv_count", Message(MessageId::GgufCountBeyondFile, kvCount, in.left()));
    if (tensorCount > in.left() / 24)
        in.fail("tensor_count", Message(MessageId::GgufCountBeyondFile, tensorCount, in.left()));

    m_keys.reserve(size_t(kvCount));
    for (std::uint64_t i = 0; i < kvCount; ++i) {
        const std::string key = in.string("metadata[" + std::to_string(i) + "].key");
        const std::string field = "metadata " + quoted(key);
        if (m_metadata.count(key))
            in.fail(field, Message(MessageId::GgufDuplicateKey, quoted(key)));
        const std::uint32_t type = in.u32(field);
        m_metadata.emplace(key, readValue(in, type, field));
        m_keys.push_back(key);
    }

    if (const GgufValue *alignment = find("general.alignment")) {
        const std::string field = "metadata \"general.alignment\"";
        if (alignment->type != GgufValueType::UInt32)
            in.fail(field,
                Message(
                    MessageId::GgufValueMustBe, valueTypeName(GgufValueType::UInt32), valueTypeName(alignment->type)));
        m_alignment = std::uint64_t(*alignment->integer());
        if (m_alignment == 0 || (m_alignment & (m_alignment - 1)) != 0)
            in.fail(field, Message(MessageId::GgufAlignment, m_alignment));
    }

    m_tensors.reserve(size_t(tensorCount));
    for (std::uint64_t i = 0; i < tensorCount; ++i) {
        GgufTensor t;
        t.name = in.string("tensor_infos[" + std::to_string(i) + "].name");
        const std::string field = "tensor " + quoted(t.name);
        if (m_tensorIndex.count(t.name))
            in.fail(field, Message(MessageId::GgufDuplicateTensor, quoted(t.name)));
        const std::uint32_t dimensions = in.u32(field + ": n_dimensions");
        if (dimensions > kMaxDimensions)
            in.fail(field + ": n_dimensions", Message(MessageId::GgufDimensionCount, dimensions));
        t.elements = 1;
        bool overflow = false;
        for (std::uint32_t d = 0; d < dimensions; ++d) {
            const std::string dimField = field + ": dimensions[" + std::to_string(d) + "]";
            const std::uint64_t extent = in.u64(dimField);
            // ggml reads extents as int64 and refuses negative ones.
            if (extent > std::uint64_t(std::numeric_limits<std::int64_t>::max()))
                in.fail(dimField, Message(MessageId::GgufDimensionBad, extent));
            t.extents.push_back(extent);
            overflow = overflow || __builtin_mul_overflow(t.elements, extent, &t.elements);
        }
        if (overflow || t.elements > std::uint64_t(std::numeric_limits<std::int64_t>::max()))
            in.fail(field + ": dimensions", Message(MessageId::GgufSizeOverflow, extentsText(t.extents)));
        t.typeId = in.u32(field + ": type");
        t.type = ggmlTypeInfo(t.typeId);
        if (!t.type)
            in.fail(field + ": type", Message(MessageId::GgufTensorType, t.typeId));
        if (t.rowLength() % t.type->blockSize != 0)
            in.fail(field + ": dimensions",
                Message(MessageId::GgufRowNotBlocks, t.rowLength(), t.type->name, t.type->blockSize));
        if (__builtin_mul_overflow(t.elements / t.type->blockSize, std::uint64_t(t.type->blockBytes), &t.bytes))
            in.fail(field + ": dimensions", Message(MessageId::GgufSizeOverflow, extentsText(t.extents)));
        t.offset = in.u64(field + ": offset");
        if (t.offset % m_alignment != 0)
            in.fail(field + ": offset", Message(MessageId::GgufOffsetAlignment, t.offset, m_alignment));
        m_tensorIndex.emplace(t.name, m_tensors.size());
        m_tensors.push_back(std::move(t));
    }

    // The data section starts at the next multiple of the alignment; a file without tensors may
    // end before it.
    const std::uint64_t headerEnd = in.position();
    m_dataOffset = headerEnd + (m_alignment - headerEnd % m_alignment) % m_alignment;
    const std::uint64_t dataSize = m_dataOffset <= m_size ? m_size - m_dataOffset : 0;
    if (m_dataOffset > m_size)
        m_dataOffset = m_size;

    std::vector<const GgufTensor *> byOffset;
    byOffset.reserve(m_tensors.size());
    for (const GgufTensor &t : m_tensors) {
        if (t.offset > dataSize || t.bytes > dataSize - t.offset) {
            const std::uint64_t end = t.bytes > ~t.offset ? ~std::uint64_t(0) : t.offset + t.bytes;
            in.fail("tensor " + quoted(t.name) + ": offset",
                Message(MessageId::GgufDataBeyondFile, rangeText(t.offset, end), dataSize));
        }
        byOffset.push_back(&t);
    }
    std::sort(byOffset.begin(), byOffset.end(), [](const GgufTensor *a, const GgufTensor *b) {
        return a->offset != b->offset ? a->offset < b->offset : a->bytes < b->bytes;
    });
    const GgufTensor *furthest = nullptr; // the tensor whose data ends last so far
    for (const GgufTensor *t : byOffset) {
        if (t->bytes == 0) // empty tensors take no bytes and may share an offset with anything
            continue;
        if (furthest && t->offset < furthest->offset + furthest->bytes)
            in.fail("tensor " + quoted(t->name) + ": offset",
                Message(
                    MessageId::GgufDataOverlap, rangeText(t->offset, t->offset + t->bytes), quoted(furthest->name)));
        furthest = t;
    }
}

const GgufValue *GgufFile::find(const std::string &key) const
{
    const auto it = m_metadata.find(key);
    return it == m_metadata.end() ? nullptr : &it->second;
}

const GgufTensor *GgufFile::tensor(const std::string &name) const
{
    const auto it = m_tensorIndex.find(name);
    return it == m_tensorIndex.end() ? nullptr : &m_tensors[it->second];
}

std::vector<float> GgufFile::floats(const GgufTensor &t) const
{
    if (!t.type->readable)
        throw ModelError(
            m_label, Message(MessageId::GgufTypeUnreadable, quoted(t.name), t.type->name, readableTypeNames()));
    std::vector<float> out(size_t(t.elements));
    dequantize(t.ggmlType(), data(t), size_t(t.elements), out.data());
    return out;
}

} // namespace attnlab::core::gguf
