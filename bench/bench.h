/*
 * The benchmark's measuring and its table, shared by bench.c (queries,
 * devices, start-up) and bench_objects.c (the object rows).
 */
#ifndef MOCKD3D12_BENCH_H
#define MOCKD3D12_BENCH_H

#include <stdbool.h>
#include <stddef.h>

struct bench_options
{
    bool quick, json, vkd3d, callgrind;
    unsigned batches;
    double batch_ns;
    unsigned rounds;    /* of the rows compared with vkd3d (measure_rounds) */
};

extern struct bench_options options;

/* Counts a failure (the program exits 1) and says it on stderr. */
void fail(const char *format, ...) __attribute__((format(printf, 1, 2)));

typedef void (*bench_loop_fn)(void *ctx, size_t n);

struct measurement
{
    double ns_per_op;          /* median over batches */
    double allocs_per_op;      /* over one more batch, counted, untimed */
    double frees_per_op;
    size_t ops;
};

/* Calibrates a batch size, then takes the median of `options.batches`
 * batches. `max_n` bounds the batch for expensive operations. */
struct measurement measure(bench_loop_fn loop, void *ctx, size_t max_n);

/* Several loops measured `rounds` times each, round-robin, so that a slow
 * spell of this shared machine falls on all of them alike rather than on one:
 * each loop's figure is the median of its rounds' medians, divided by
 * `per_call` (calls per loop iteration); its allocations are counted in
 * each round's untimed batch. */
#define MAX_ROUNDS 9

struct timed
{
    bench_loop_fn loop;
    void *ctx;
    double per_call;
    struct measurement m;           /* the result */
    double round_ns[MAX_ROUNDS];    /* each round's median */
};

void measure_rounds(struct timed *t, unsigned count, unsigned rounds);

struct row
{
    const char *key;      /* for --json */
    const char *label;
    double value;
    const char *unit;
    double goal;          /* 0: none; value must be <= goal */
    double allocs;        /* per op; < 0: not applicable */
    bool must_not_allocate;
    double max_allocs;    /* allocs must be <= this; < 0: no such goal */
    double vkd3d;         /* same unit; 0: not measured */
    double ratio_goal;    /* vkd3d / mockd3d12 must be >= this; 0: none */
    const char *vkd3d_missing; /* why vkd3d has no figure of a row it cannot run; NULL otherwise */
};

struct row *add_row(const char *key, const char *label, double value, const char *unit, double goal);
struct row *add_measurement(const char *key, const char *label, struct measurement m, double scale,
        const char *unit, double goal, bool must_not_allocate);

/* The object rows (bench_objects.c): each workload of objects.h on a device of
 * ours and, when `vkd3d_device` is not NULL, on vkd3d's, in the same rounds,
 * beside the allocator's limits. */
struct bench_exports;
void bench_object_rows(void *device, void *vkd3d_device, const struct bench_exports *vkd3d_exports);
/* --callgrind: each workload on our device, `calls` times, through `run`. */
void bench_object_rows_counted(void *device, void (*run)(const char *name, bench_loop_fn loop, void *ctx, size_t n),
        size_t calls);

#endif
