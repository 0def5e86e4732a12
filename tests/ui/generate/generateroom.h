#pragma once
// The model room as the window composes it for generation: the Generate panel under the model's
// panels. Shared by the tests of tests/ui/generate.
#include "../model/modelroomfixture.h"
#include "ui/generate/generatepanel.h"
#include "ui/generate/generator.h"

namespace attnlab::test {

struct GenerateRoom : Room {
    ui::GeneratePanel *panel = new ui::GeneratePanel(session);
    GenerateRoom() { room->addPanel(panel); }

    // Generates `count` more tokens through the panel's generator and waits until the last pass is
    // computed; false when they did not all come within 20 s.
    bool generate(int count)
    {
        const size_t before = panel->generator()->steps().size();
        panel->generator()->run(count);
        return QTest::qWaitFor(
                   [&] {
                       return panel->generator()->steps().size() == before + size_t(count)
                           && !panel->generator()->isRunning() && !session->isBusy();
                   },
                   20000)
            && session->isComputed();
    }
};

} // namespace attnlab::test
