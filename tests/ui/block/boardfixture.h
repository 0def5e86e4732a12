#pragma once
// What the block board's checks on a written checkpoint share: a folder that writes itself and is
// removed afterwards, a room with a board on the room's session, opening a layer and waiting until
// the board shows it, and the session's token ids for an independent runner.

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
