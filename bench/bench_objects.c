/*
 * The object rows (issue 31): every workload of objects.h timed on our
 * device and on vkd3d's in the same rounds, beside two allocator limits —
 * malloc + memset + free of 256 bytes (what a descriptor write, a fence or a
 * submission should cost within 3x) and calloc + free of 64 KiB (what a
 * CPU-visible buffer of that size should cost within 2x). Each row's
 * allocations per call are held to the objects it creates.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mockd3d12/d3d12.h>

#include "bench.h"
#include "objects.h"

#define LIMIT_SMALL 256u
#define LIMIT_LARGE 65536u

/* Keeps the compiler from dropping an allocation nobody reads. */
static inline void escape(void *p)
{
    __asm__ volatile("" : : "r"(p) : "memory");
}

static __attribute__((noinline)) void loop_limit_malloc(void *ctx, size_t n)
{
    size_t i;

    (void)ctx;
    for (i = 0; i < n; ++i)
    {
        void *p = malloc(LIMIT_SMALL);

        memset(p, (int)i, LIMIT_SMALL);
        escape(p);
        free(p);
    }
}

static __attribute__((noinline)) void loop_limit_calloc(void *ctx, size_t n)
{
    size_t i;

    (void)ctx;
    for (i = 0; i < n; ++i)
    {
        void *p = calloc(1, LIMIT_LARGE);

        escape(p);
        free(p);
    }
}

/* "obj_" + key (+ suffix), kept for the table's lifetime. */
static const char *name_of(const char *prefix, const char *key, const char *suffix)
{
    static char names[128][64];
    static unsigned used;
    char *name = names[used++ % (sizeof(names) / sizeof(names[0]))];

    snprintf(name, sizeof(names[0]), "%s%s%s", prefix, key, suffix);
    return name;
}

static const char *missing_of(const struct bench_workload *w, void *objects)
{
    return w->missing ? w->missing(objects) : NULL;
}

static const char *label_of(const char *label, const char *suffix)
{
    static char labels[64][96];
    static unsigned used;
    char *text = labels[used++ % (sizeof(labels) / sizeof(labels[0]))];

    snprintf(text, sizeof(labels[0]), "%s%s", label, suffix);
    return text;
}

void bench_object_rows(void *device, void *vkd3d_device, const struct bench_exports *vkd3d_exports)
{
    const struct bench_exports ours = {(void *)D3D12SerializeRootSignature,
            (void *)D3D12CreateRootSignatureDeserializer};
    struct timed limits[2] =
    {
        {.loop = loop_limit_malloc, .per_call = 1},
        {.loop = loop_limit_calloc, .per_call = 1},
    };
    void *mine, *theirs = NULL;
    char why[128];
    size_t i;

    if (!(mine = bench_native_objects_open(device, &ours, why, sizeof(why))))
    {
        fail("object rows: on mockd3d12, %s", why);
        return;
    }
    if (vkd3d_device && !(theirs = bench_vkd3d_objects_open(vkd3d_device, vkd3d_exports, why, sizeof(why))))
        fprintf(stderr, "bench: object rows without vkd3d: on vkd3d, %s\n", why);

    measure_rounds(limits, 2, options.rounds);
    add_measurement("limit_malloc_256", "the limit: malloc + memset + free of 256 bytes", limits[0].m, 1, "ns", 0,
            false);
    add_measurement("limit_calloc_64k", "the limit: calloc + free of 64 KiB", limits[1].m, 1, "ns", 0, false);

    for (i = 0; i < bench_workload_count; ++i)
    {
        const struct bench_workload *w = &bench_native_workloads[i];
        /* A row vkd3d cannot run (objects.h, missing) has no vkd3d figure. */
        const char *their_missing = theirs ? missing_of(&bench_vkd3d_workloads[i], theirs) : NULL;
        bool both = theirs && !their_missing;
        struct timed t[2] =
        {
            {.loop = w->loop, .ctx = mine, .per_call = w->calls},
            {.loop = both ? bench_vkd3d_workloads[i].loop : NULL, .ctx = theirs, .per_call = w->calls},
        };
        const char *why;
        struct row *r;

        if ((why = missing_of(w, mine)))
        {
            fail("object rows: obj_%s cannot run on mockd3d12: %s", w->key, why);
            continue;
        }
        measure_rounds(t, both ? 2 : 1, options.rounds);
        r = add_measurement(name_of("obj_", w->key, ""), w->label, t[0].m, 1, "ns", 0, false);
        /* No more than one allocation per object created. */
        r->max_allocs = w->objects / (double)w->calls;
        r->vkd3d_missing = their_missing;
        if (both)
        {
            r->vkd3d = t[1].m.ns_per_op;
            /* Never slower than vkd3d; 10x faster where vkd3d takes a microsecond. */
            r->ratio_goal = r->vkd3d >= 1000.0 ? 10 : 1;
        }
        if (w->limit == BENCH_LIMIT_MALLOC)
            add_row(name_of("obj_", w->key, "_vs_malloc"), label_of(w->label, " / the malloc limit"),
                    r->value / limits[0].m.ns_per_op, "x", 3);
        else if (w->limit == BENCH_LIMIT_CALLOC_64K)
            add_row(name_of("obj_", w->key, "_vs_calloc"), label_of(w->label, " / the calloc limit"),
                    r->value / limits[1].m.ns_per_op, "x", 2);
    }
    bench_native_objects_close(mine);
    if (theirs)
        bench_vkd3d_objects_close(theirs);
}

void bench_object_rows_counted(void *device, void (*run)(const char *name, bench_loop_fn loop, void *ctx, size_t n),
        size_t calls)
{
    const struct bench_exports ours = {(void *)D3D12SerializeRootSignature,
            (void *)D3D12CreateRootSignatureDeserializer};
    char why[128];
    void *mine;
    size_t i;

    if (!(mine = bench_native_objects_open(device, &ours, why, sizeof(why))))
    {
        fail("object rows: on mockd3d12, %s", why);
        return;
    }
    for (i = 0; i < bench_workload_count; ++i)
    {
        const struct bench_workload *w = &bench_native_workloads[i];
        const char *why;

        if ((why = missing_of(w, mine)))
            fail("object rows: obj_%s cannot run on mockd3d12: %s", w->key, why);
        else
            run(name_of("obj_", w->key, ""), w->loop, mine, calls);
    }
    bench_native_objects_close(mine);
}
