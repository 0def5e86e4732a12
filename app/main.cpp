// Attention Lab — self-attention you can touch. See README.md.
#include "ui/application.h"

int main(int argc, char *argv[])
{
    return attnlab::ui::runApplication(argc, argv);
}
