#pragma once
// QCustomPlot's header uses the `signals` and `foreach` keywords, which QT_NO_KEYWORDS
// (defined for the whole project) removes; include it through here.

#ifndef signals
#define signals Q_SIGNALS
#define ATTNLAB_DEFINED_SIGNALS
#endif
#ifndef foreach
#define foreach Q_FOREACH
#define ATTNLAB_DEFINED_FOREACH
#endif

#include <qcustomplot.h>

#ifdef ATTNLAB_DEFINED_SIGNALS
#undef signals
#undef ATTNLAB_DEFINED_SIGNALS
#endif
#ifdef ATTNLAB_DEFINED_FOREACH
#undef foreach
#undef ATTNLAB_DEFINED_FOREACH
#endif
