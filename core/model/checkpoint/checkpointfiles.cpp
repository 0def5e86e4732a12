#include "core/model/checkpoint/checkpointfiles.h"

#include "core/json/strictjson.h"
#include "core/json/textfile.h"
#include "core/model/modelerror.h"
#include "core/text/messageid.h"

#include <algorithm>

#include <dirent.h>
#include <sys/stat.h>

namespace attnlab::core::model {

namespace {

bool isFile(const std::string &path)
{
    struct stat st { };
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

bool endsWith(const std::string &s, const std::string &tail)
{
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// PyTorch's pickled weights as transformers and torch.save name them: pytorch_model.bin, its
// shards pytorch_model-00001-of-00002.bin and their index, and *.pt / *.pth files.
bool isPytorchName(const std::string &name)
{
    return (name.rfind("pytorch_model", 0) == 0 && (endsWith(name, ".bin") || endsWith(name, ".bin.index.json")))
        || endsWith(name, ".pt") || endsWith(name, ".pth");
}

// The first (by name) PyTorch weights file in the folder, or "". Only the folder's listing is
// read: the files themselves are never opened, not even stat()ed.
std::string pytorchFileIn(const std::string &dir)
{
    DIR *d = ::opendir(dir.c_str());
    if (!d)
        return {};
    std::string first;
    while (const dirent *e = ::readdir(d)) {
        const std::string name = e->d_name;
        if (isPytorchName(name) && (first.empty() || name < first))
            first = name;
    }
    ::closedir(d);
    return first;
}

// A shard must be a file of the folder itself: a name with a slash (or "." / "..") could reach
// anywhere on the disk.
bool isPlainFileName(const std::string &name)
{
    return !name.empty() && name != "." && name != ".." && name.find('/') == std::string::npos
        && name.find('\0') == std::string::npos;
}

} // namespace

std::shared_ptr<CheckpointFiles> CheckpointFiles::open(const std::string &dir)
{
    std::shared_ptr<CheckpointFiles> files(new CheckpointFiles);
    const std::string base = dir.empty() || dir.back() == '/' ? dir : dir + "/";
    if (isFile(base + kSingleWeightsFile)) {
        files->m_label = kSingleWeightsFile;
        files->m_files.push_back(SafetensorsFile::open(base + kSingleWeightsFile));
        return files;
    }
    if (isFile(base + kWeightsIndexFile)) {
        files->openShards(base, dir);
        return files;
    }
    const std::string pytorch = pytorchFileIn(base.empty() ? "." : base);
    if (!pytorch.empty())
        throw ModelError(kSingleWeightsFile, Message(MessageId::PytorchWeightsOnly, detail::quoted(dir), pytorch));
    throw ModelError(kSingleWeightsFile, Message(MessageId::NotFoundIn, detail::quoted(dir)));
}

void CheckpointFiles::openShards(const std::string &base, const std::string &dir)
{
    m_label = kWeightsIndexFile;
    m_sharded = true;
    const FileText text = readFileText(base + kWeightsIndexFile, kMaxWeightsIndexBytes);
    if (text.status == FileText::TooLarge)
        throw ModelError(m_label, Message(MessageId::IndexTooLarge, text.size, kMaxWeightsIndexBytes));
    if (!text.ok())
        throw ModelError(m_label, Message(MessageId::CannotBeRead));
    const nlohmann::json root = detail::parseStrictJson(text.text.data(), text.text.size(), m_label);
    if (!root.is_object())
        throw ModelError(m_label, Message(MessageId::ConfigNotObject));
    const auto metadata = root.find("metadata");
    if (metadata != root.end() && !metadata->is_object())
        throw ModelError(m_label, Message(MessageId::IndexMetadataNotObject));
    const auto weightMap = root.find("weight_map");
    if (weightMap == root.end() || !weightMap->is_object())
        throw ModelError(m_label, Message(MessageId::IndexWeightMapNotObject));

    // The shards in the order of their names (transformers: sorted(set(weight_map.values()))),
    // each with the first tensor the index places in it, for the message when it is missing.
    std::map<std::string, std::string> firstTensor;
    for (const auto &[tensor, shard] : weightMap->items()) {
        if (!shard.is_string() || !isPlainFileName(shard.get<std::string>()))
            throw ModelError(
                m_label, Message(MessageId::IndexShardNameBad, detail::quoted(tensor), detail::shown(shard)));
        const std::string name = shard.get<std::string>();
        const auto it = firstTensor.find(name);
        if (it == firstTensor.end() || tensor < it->second)
            firstTensor[name] = tensor;
    }
    for (const auto &[shard, tensor] : firstTensor)
        if (!isFile(base + shard))
            throw ModelError(
                shard, Message(MessageId::ShardMissing, detail::quoted(dir), m_label, detail::quoted(tensor)));

    std::map<std::string, size_t> position;
    for (const auto &[shard, tensor] : firstTensor) {
        position[shard] = m_files.size();
        m_files.push_back(SafetensorsFile::open(base + shard));
    }
    for (const auto &[tensor, shard] : weightMap->items())
        m_weightMap[tensor] = position.at(shard.get<std::string>());
}

CheckpointTensor CheckpointFiles::find(const std::string &name) const
{
    if (!m_sharded) {
        const SafetensorsTensor *t = m_files.front()->find(name);
        return t ? CheckpointTensor {m_files.front().get(), t} : CheckpointTensor {};
    }
    const auto it = m_weightMap.find(name);
    if (it == m_weightMap.end())
        return {};
    SafetensorsFile &shard = *m_files[it->second];
    const SafetensorsTensor *t = shard.find(name);
    if (!t)
        throw ModelError(shard.label(), Message(MessageId::ShardLacksTensor, detail::quoted(name), m_label));
    return {&shard, t};
}

Message CheckpointFiles::missingTensor(const std::string &name, const std::string &prefix) const
{
    return Message(m_sharded ? MessageId::TensorNotInIndex : MessageId::TensorMissing, name, prefix);
}

bool CheckpointFiles::isMapped(const void *p) const
{
    return std::any_of(m_files.begin(), m_files.end(), [p](const auto &f) { return f->isMapped(p); });
}

std::size_t CheckpointFiles::convertedBytes() const
{
    std::size_t bytes = 0;
    for (const auto &f : m_files)
        bytes += f->convertedBytes();
    return bytes;
}

} // namespace attnlab::core::model
