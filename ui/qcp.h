#pragma once
// Include QCustomPlot through this header. qcustomplot.h uses the `signals` and `foreach`
// keywords, which QT_NO_KEYWORDS (set for the whole project) removes; they are defined for
// the header only and removed again so our own code keeps to Q_SIGNALS.

#ifndef signals
#define signals Q_SIGNALS
#define ATTNLAB_QCP_DEFINED_SIGNALS
#endif
#ifndef foreach
#define foreach Q_FOREACH
#define ATTNLAB_QCP_DEFINED_FOREACH
#endif

#include <qcustomplot.h>

#ifdef ATTNLAB_QCP_DEFINED_SIGNALS
#undef signals
#undef ATTNLAB_QCP_DEFINED_SIGNALS
#endif
#ifdef ATTNLAB_QCP_DEFINED_FOREACH
#undef foreach
#undef ATTNLAB_QCP_DEFINED_FOREACH
#endif
