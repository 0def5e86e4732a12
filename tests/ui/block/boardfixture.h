#pragma once
// What the block board's checks on a written checkpoint share: a folder that writes itself and is
// removed afterwards, a room with a board on the room's session, opening a layer and waiting until
// the board shows it, the session's token ids for an independent runner, and a tiny Qwen3-MoE.

#include "../model/modelroomfixture.h"
#include "ui/block/blockboard.h"

#include <QSignalSpy>

#include <functional>
#include <string>
#include <vector>

namespace attnlab::test {

// A checkpoint folder named after `tag`, written by `write`, removed with the object.
struct WrittenFolder {
    std::string dir;
    WrittenFolder(const std::string &tag, const std::function<void(const std::string &)> &write)
        : dir(makeTempDir(tag))
    {
        write(dir);
    }
    ~WrittenFolder() { removeTree(dir); }
    WrittenFolder(const WrittenFolder &) = delete;
    WrittenFolder &operator=(const WrittenFolder &) = delete;
};

// A tiny Qwen3-MoE with GPT-2's tokenizer: 2 layers, 4 heads over 2 key/value heads, 6 experts,
// 2 per token, renormalised; layer 1 dense (mlp_only_layers). Writes the checkpoint into `dir`
// (the router's checks, the board's window and the README's picture of the router use it).
inline void writeTinyMoe(const std::string &dir)
{
    TinyModelOptions o;
    o.layers = 2;
    o.heads = 4;
    o.kvHeads = 2;
    o.headDim = 8;
    o.dModel = 16;
    o.dInner = 20;
    o.experts = 6;
    o.expertsPerToken = 2;
    o.expertInner = 10;
    o.normTopk = true;
    o.mlpOnlyLayers = {1};
    o.positions = 16;
    o.vocab = kGpt2FixtureVocabSize;
    o.addFiles = [](const std::string &d) { writeGpt2Tokenizer(d); };
    writeTinyQwen3Moe(dir, o);
}

struct MoeFolder : WrittenFolder {
    MoeFolder()
        : WrittenFolder("routerpanel-qwen3moe", writeTinyMoe)
    {
    }
};

// A board on the room's session, not following the room's selection.
struct BoardRoom : Room {
    ui::BlockBoard board {session};
};

// Opens `layer` on `board`; true once its stages are shown.
inline bool openBoardLayer(ui::BlockBoard &board, int layer)
{
    QSignalSpy shown(&board, &ui::BlockBoard::stagesShown);
    if (!board.openLayer(layer))
        return false;
    return shown.count() > 0 || shown.wait(10000);
}

// The ids of the tokens the session read, for an independent runner's pass.
inline std::vector<int> sessionIds(const ui::ModelSession *session)
{
    std::vector<int> ids;
    for (const auto &t : session->tokens())
        ids.push_back(t.id);
    return ids;
}

} // namespace attnlab::test
