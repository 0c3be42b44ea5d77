/*
 * mk_trace_emit for libdxgi and libd3d11 (src/base/trace.h): their records
 * are built here and appended to libd3d12's file, so every library of a
 * process writes one trace.
 */
#include <mockd3d12/mockd3d12.h>

#include "trace.h"

void mk_trace_emit(const char *text, size_t length)
{
    (void)mockd3d12_trace_write(text, length);
}
