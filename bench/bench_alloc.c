/*
 * Counting allocator for the benchmark (see bench_alloc.h). Every function
 * forwards to glibc's own allocator (__libc_malloc and friends), so memory
 * from any of them may be freed by any other, and counts with relaxed atomics
 * (lavapipe allocates from its own threads) while counting is on
 * (bench_heap_count): the timed batches run with it off, so that the four
 * atomic additions and two malloc_usable_size() calls of an allocation and its
 * free are not timed as the measured code's.
 *
 * glibc documents this kind of replacement ("Replacing malloc"): functions
 * not replaced here (malloc_usable_size, mallinfo...) keep working because
 * the memory is glibc's.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bench_alloc.h"

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *ptr, size_t size);
extern void __libc_free(void *ptr);
extern void *__libc_memalign(size_t alignment, size_t size);

static atomic_uint_fast64_t heap_allocations;
static atomic_uint_fast64_t heap_frees;
static atomic_int_fast64_t heap_live_bytes;
static atomic_bool heap_counting = true;

static bool counting(void)
{
    return atomic_load_explicit(&heap_counting, memory_order_relaxed);
}

static void note_alloc(void *ptr)
{
    if (!ptr || !counting())
        return;
    atomic_fetch_add_explicit(&heap_allocations, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&heap_live_bytes, (int64_t)malloc_usable_size(ptr), memory_order_relaxed);
}

static void note_free(void *ptr)
{
    if (!ptr || !counting())
        return;
    atomic_fetch_add_explicit(&heap_frees, 1, memory_order_relaxed);
    atomic_fetch_sub_explicit(&heap_live_bytes, (int64_t)malloc_usable_size(ptr), memory_order_relaxed);
}

void *malloc(size_t size)
{
    void *ptr = __libc_malloc(size);

    note_alloc(ptr);
    return ptr;
}

void *calloc(size_t count, size_t size)
{
    void *ptr = __libc_calloc(count, size);

    note_alloc(ptr);
    return ptr;
}

void *realloc(void *ptr, size_t size)
{
    bool count = counting();
    size_t old_size = ptr && count ? malloc_usable_size(ptr) : 0;
    void *result = __libc_realloc(ptr, size);

    /* realloc(p, 0) frees p; a failed realloc leaves p as it was. */
    if (!result && ptr && size)
        return NULL;
    if (ptr && count)
    {
        atomic_fetch_add_explicit(&heap_frees, 1, memory_order_relaxed);
        atomic_fetch_sub_explicit(&heap_live_bytes, (int64_t)old_size, memory_order_relaxed);
    }
    note_alloc(result);
    return result;
}

void free(void *ptr)
{
    note_free(ptr);
    __libc_free(ptr);
}

void *memalign(size_t alignment, size_t size)
{
    void *ptr = __libc_memalign(alignment, size);

    note_alloc(ptr);
    return ptr;
}

void *aligned_alloc(size_t alignment, size_t size)
{
    return memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size)
{
    void *ptr;

    if (!alignment || (alignment & (alignment - 1)) || alignment % sizeof(void *))
        return EINVAL;
    if (!(ptr = memalign(alignment, size)))
        return ENOMEM;
    *out = ptr;
    return 0;
}

void bench_heap_count(bool on)
{
    atomic_store_explicit(&heap_counting, on, memory_order_relaxed);
}

void bench_heap_read(struct bench_heap *out)
{
    out->allocations = atomic_load_explicit(&heap_allocations, memory_order_relaxed);
    out->frees = atomic_load_explicit(&heap_frees, memory_order_relaxed);
    out->live_bytes = atomic_load_explicit(&heap_live_bytes, memory_order_relaxed);
}
