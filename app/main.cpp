// Attention Lab — self-attention you can touch. See README.md.
#include "app/application.h"

int main(int argc, char *argv[])
{
    return attnlab::app::runApplication(argc, argv);
}
