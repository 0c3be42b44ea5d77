/*
 * The benchmark's heap counter: the bench binary defines malloc, calloc,
 * realloc, free and the aligned allocators itself (ELF interposition), so
 * every allocation of the process is counted: mk_core's (linked statically),
 * the C library's own (strdup, vsnprintf...), jansson's, and those of
 * dlopen()ed libraries (vkd3d, the Vulkan loader, lavapipe).
 */
#ifndef MOCKD3D12_BENCH_ALLOC_H
#define MOCKD3D12_BENCH_ALLOC_H

#include <stdbool.h>
#include <stdint.h>

struct bench_heap
{
    uint64_t allocations;  /* malloc, calloc, realloc, aligned allocations */
    uint64_t frees;        /* free() of a non-NULL pointer */
    /* malloc_usable_size() of the blocks allocated minus that of the blocks
     * freed, both while counting is on. A block allocated while it is off
     * (in a timed batch) and freed while it is on counts negative: read
     * differences across a span with counting on throughout and that frees
     * nothing a timed batch allocated (every row does: one device's bytes,
     * one counted batch). */
    int64_t live_bytes;
};

void bench_heap_read(struct bench_heap *out);
/* Counting on (the default) or off: while off, allocations and frees are
 * forwarded and not counted (measure() times its batches so). */
void bench_heap_count(bool on);

#endif
