/*
 * The capability trace (docs/trace.md): with MOCKD3D12_TRACE=FILE, every
 * query a process makes is appended to FILE as one JSON object per line.
 * Off, it costs one relaxed load and a branch where a query starts
 * (mk_trace_on); on, a record is built in a buffer on the stack and written
 * with one append, so threads and processes sharing FILE never interleave
 * within a line.
 */
#ifndef MOCKD3D12_TRACE_H
#define MOCKD3D12_TRACE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum mk_trace_state
{
    MK_TRACE_UNKNOWN = 0, /* MOCKD3D12_TRACE not read yet */
    MK_TRACE_OFF,
    MK_TRACE_ON,
};

extern _Atomic int mk_trace_state;

/* Reads MOCKD3D12_TRACE and opens its file (once per process; later calls
 * do nothing). Called where devices and factories are created, before any
 * query can be made. A file that cannot be opened leaves the trace off,
 * with the reason on stderr. */
void mk_trace_init(void);

static inline bool mk_trace_on(void)
{
    return atomic_load_explicit(&mk_trace_state, memory_order_relaxed) == MK_TRACE_ON;
}

/* Calls on this thread are not recorded while it is non-zero
 * (mockd3d12_trace_suspend: libd3d11 and libdxgi keep the D3D12 queries
 * they make for their own answers out of the trace). */
extern _Thread_local unsigned mk_trace_suspension;

/* The trace is on and this thread's calls are recorded. */
static inline bool mk_trace_recording(void)
{
    return mk_trace_on() && !mk_trace_suspension;
}

/* Appends one finished line to the file when mk_trace_recording(); libdxgi
 * and libd3d11 define their own, which hands the line to libd3d12. */
void mk_trace_emit(const char *text, size_t length);

/* One record. Keys and values are added in order; a record that does not
 * fit its buffer is written cut short, with "truncated": true, still one
 * valid JSON object. */
#define MK_TRACE_RECORD_SIZE 8192
struct mk_trace_record
{
    char text[MK_TRACE_RECORD_SIZE];
    size_t length;
    unsigned depth;       /* open objects */
    bool first;           /* no member yet in the innermost object */
    bool truncated;
};

/* {"pid": N, "entry": "<entry>" ... */
void mk_trace_begin(struct mk_trace_record *r, const char *entry);
void mk_trace_string(struct mk_trace_record *r, const char *key, const char *value);
void mk_trace_uint(struct mk_trace_record *r, const char *key, uint64_t value);
void mk_trace_bool(struct mk_trace_record *r, const char *key, bool value);
/* "key": "0x%08X" (HRESULTs, flags). */
void mk_trace_hex(struct mk_trace_record *r, const char *key, uint64_t value);
/* Opens a nested object "key": { ... */
void mk_trace_object(struct mk_trace_record *r, const char *key);
void mk_trace_close(struct mk_trace_record *r);
/* Closes every object and appends the line to the file (mk_trace_emit). */
void mk_trace_end(struct mk_trace_record *r);

/* "key": the HRESULT's name ("S_OK", "E_INVALIDARG", ...), or its value in hex. */
void mk_trace_hr(struct mk_trace_record *r, const char *key, int32_t hr);

/* The HRESULT's name for the records ("S_OK", "E_INVALIDARG", ...), or NULL. */
const char *mk_trace_hresult_name(int32_t hr);

/* For tests: forget the file and read MOCKD3D12_TRACE again at the next mk_trace_init. */
void mk_trace_reset(void);

#endif
