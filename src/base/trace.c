/*
 * The capability trace's file (src/base/trace.h, docs/trace.md): opened once
 * per process, written with one append per record, no lock on the way.
 * The records are built by trace_record.c.
 */
#include <stdio.h>

#include "platform.h"
#include "trace.h"

_Atomic int mk_trace_state = MK_TRACE_UNKNOWN;
_Thread_local unsigned mk_trace_suspension;
static intptr_t trace_file = -1;
static mk_mutex trace_lock = MK_MUTEX_INIT; /* mk_trace_init and mk_trace_reset only */

void mk_trace_init(void)
{
    const char *path;
    char why[256];
    intptr_t file;

    if (atomic_load(&mk_trace_state) != MK_TRACE_UNKNOWN)
        return;
    mk_mutex_lock(&trace_lock);
    if (atomic_load(&mk_trace_state) == MK_TRACE_UNKNOWN)
    {
        file = -1;
        if ((path = mk_getenv("MOCKD3D12_TRACE")) && (file = mk_append_open(path, why, sizeof(why))) < 0)
            fprintf(stderr, "mockd3d12: MOCKD3D12_TRACE=%s: cannot open the file (%s); no trace is written\n",
                    path, why);
        trace_file = file;
        atomic_store(&mk_trace_state, file >= 0 ? MK_TRACE_ON : MK_TRACE_OFF);
    }
    mk_mutex_unlock(&trace_lock);
}

void mk_trace_reset(void)
{
    mk_mutex_lock(&trace_lock);
    if (trace_file >= 0)
        mk_append_close(trace_file);
    trace_file = -1;
    atomic_store(&mk_trace_state, MK_TRACE_UNKNOWN);
    mk_mutex_unlock(&trace_lock);
}

void mk_trace_emit(const char *text, size_t length)
{
    if (mk_trace_recording())
        mk_append_write(trace_file, text, length);
}
