/*
 * The object rows' workloads (issue 31): loops of D3D12 calls made through
 * the public COM API only, one source (objects.c) compiled twice — for
 * mockd3d12, and for vkd3d, whose COM methods use the Windows x64 calling
 * convention on Linux (objects_vkd3d.c). bench_objects.c times them side by
 * side and beside the allocator's limits.
 */
#ifndef MOCKD3D12_BENCH_OBJECTS_H
#define MOCKD3D12_BENCH_OBJECTS_H

#include <stdbool.h>
#include <stddef.h>

/* What a row is compared with, besides vkd3d. */
enum bench_limit
{
    BENCH_LIMIT_NONE,
    BENCH_LIMIT_MALLOC,     /* malloc + memset + free of 256 bytes: descriptors, fences, the submit loop (<= 3x) */
    BENCH_LIMIT_CALLOC_64K, /* calloc + free of 64 KiB: CPU-visible resources of that size (<= 2x) */
};

struct bench_workload
{
    const char *key;           /* --json key, "obj_" + key */
    const char *label;
    void (*loop)(void *objects, size_t n);
    unsigned calls;            /* what one iteration counts as: the row is per call (16 descriptors copied: 16) */
    unsigned objects;          /* objects created per iteration: the allocations allowed */
    enum bench_limit limit;
    /* NULL: the row runs on every side. Otherwise it answers, for a side's
     * objects (as open made them), NULL when the row runs there, or why it
     * cannot (vkd3d 1.2 reads no DXIL, has no pipeline library, no DXGI on
     * Linux): that side then has no figure for the row. */
    const char *(*missing)(void *objects);
};

/* The runtime's free functions a workload calls, as the runtime exports them
 * (D3D12SerializeRootSignature, D3D12CreateRootSignatureDeserializer). */
struct bench_exports
{
    void *serialize_root_signature;
    void *create_root_signature_deserializer;
};

/* The objects every loop works on, made on `device` (an ID3D12Device of that
 * side's runtime); NULL with `why` written when one cannot be made. */
void *bench_native_objects_open(void *device, const struct bench_exports *exports, char *why, size_t why_size);
void bench_native_objects_close(void *objects);
extern const struct bench_workload bench_native_workloads[];

void *bench_vkd3d_objects_open(void *device, const struct bench_exports *exports, char *why, size_t why_size);
void bench_vkd3d_objects_close(void *objects);
extern const struct bench_workload bench_vkd3d_workloads[];

/* Present on a flip-model swap chain of mockd3d12's libdxgi (bench_present.c,
 * dlopen()ed): mockd3d12's side only. NULL with `why` written when no chain
 * can be made on `device`'s direct queue. */
void *bench_present_open(void *device, char *why, size_t why_size);
void bench_present_loop(void *present, size_t n);
void bench_present_close(void *present);

/* Both tables have this many rows, in the same order (one source). */
extern const size_t bench_workload_count;

#endif
