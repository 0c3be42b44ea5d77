/*
 * The library's allocator: malloc and friends behind a counter that a test
 * can arm to fail one chosen allocation (see alloc.h).
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"

/* Allocations left before the armed failure; -1 when disarmed. */
static atomic_long fail_countdown = -1;
static atomic_int fail_triggered;
static atomic_int skip_jansson;

/* True when this allocation is the one chosen to fail. The fast path (not
 * armed) is one relaxed load. */
static int alloc_should_fail(void)
{
    long left;

    left = atomic_load_explicit(&fail_countdown, memory_order_relaxed);
    while (left >= 0)
    {
        if (atomic_compare_exchange_weak(&fail_countdown, &left, left - 1))
        {
            if (left != 0)
                return 0;
            atomic_store(&fail_triggered, 1);
            return 1;
        }
    }
    return 0;
}

void *mk_alloc(size_t size)
{
    if (alloc_should_fail())
        return NULL;
    return malloc(size ? size : 1);
}

/* At most this many bytes, a zeroed allocation is malloc + memset: glibc's
 * calloc takes no chunk from the per-thread cache (up to 1,032 bytes), its
 * malloc does, at a third of the instructions. Larger ones stay calloc's,
 * which knows when fresh pages are already zero. */
#define MK_CALLOC_SMALL 1024

void *mk_calloc(size_t count, size_t size)
{
    void *p;

    if (alloc_should_fail())
        return NULL;
    if (!count || !size)
        count = size = 1;
    if (count <= MK_CALLOC_SMALL / size)
    {
        if ((p = malloc(count * size)))
        {
            /* An empty asm hides where p comes from: gcc and clang would
             * otherwise fold this malloc + memset back into calloc. */
            __asm__("" : "+r"(p));
            memset(p, 0, count * size);
        }
        return p;
    }
    return calloc(count, size);
}

void *mk_realloc(void *ptr, size_t size)
{
    if (alloc_should_fail())
        return NULL;
    return realloc(ptr, size ? size : 1);
}

void *mk_jansson_alloc(size_t size)
{
    if (atomic_load_explicit(&skip_jansson, memory_order_relaxed))
        return malloc(size ? size : 1);
    return mk_alloc(size);
}

void mk_alloc_fail_skip_jansson(int skip)
{
    atomic_store(&skip_jansson, skip);
}

char *mk_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *copy;

    if ((copy = mk_alloc(n)))
        memcpy(copy, s, n);
    return copy;
}

void mk_free(void *ptr)
{
    free(ptr);
}

void mk_alloc_fail_after(long n)
{
    /* jansson's allocations come here too: src/caps hands it mk_alloc/mk_free
     * before its first call (caps_json_init). Disarming keeps the answer of
     * mk_alloc_fail_triggered() for the caller. */
    if (n >= 0)
        atomic_store(&fail_triggered, 0);
    atomic_store(&fail_countdown, n < 0 ? -1 : n);
}

int mk_alloc_fail_triggered(void)
{
    return atomic_load(&fail_triggered);
}
