/*
 * The simulated adapters' video memory (src/device/device_memory.c): what
 * every device of the process has allocated, per adapter, node and segment
 * group (DXGI_MEMORY_SEGMENT_GROUP: 0 local, 1 non-local), the budget the
 * profile gives each group, and the GPU virtual addresses handed to buffers
 * and heaps. One implementation, which DXGI's QueryVideoMemoryInfo reads
 * through mockd3d12_get_video_memory (src/api/adapter_info.c).
 *
 * Nothing here allocates but the list of released address ranges as it
 * grows; a charge (memory and addresses) is taken and given back under one
 * lock, each once per heap or resource; the counters are atomics, read
 * without it.
 */
#ifndef MOCKD3D12_DEVICE_MEMORY_H
#define MOCKD3D12_DEVICE_MEMORY_H

#include <stdbool.h>
#include <stdint.h>

#include <mockd3d12/d3d12.h>

#include "heap.h"

struct caps_adapter;

#define MK_MEMORY_LOCAL 0u
#define MK_MEMORY_NON_LOCAL 1u

/* The budget of a segment group: the profile's "videoMemory" (a report's),
 * else from the memory sizes — local: dedicated video memory (UMA: plus the
 * shared system memory), non-local: the shared system memory (UMA: none). */
UINT64 mk_memory_budget(const struct caps_adapter *adapter, unsigned group);
/* The fault plan's budget: (adapter, group)'s budget is `bytes` from now on
 * (until mk_memory_reset_budgets), and the adapter's watchers are called,
 * as Windows signals the budget-change events. */
void mk_memory_set_budget(const struct caps_adapter *adapter, unsigned group, UINT64 bytes);
void mk_memory_reset_budgets(void);
/* The profile's availableForReservation, else half the budget (half the
 * fault plan's budget when it set one). */
UINT64 mk_memory_available_for_reservation(const struct caps_adapter *adapter, unsigned group);
/* What the process's devices hold now on (adapter, node, group); 0 when they hold nothing. */
UINT64 mk_memory_usage(const struct caps_adapter *adapter, unsigned node, unsigned group);

/* What a heap or a resource takes of its adapter: `bytes` of (node, group)
 * (0: no memory, as a reserved resource), and, when `addresses`, a range of
 * `va_size` bytes of the GPU virtual addresses below 2^process_bits. */
struct mk_memory_request
{
    unsigned node, group;
    UINT64 bytes;
    bool addresses;
    unsigned process_bits;
    UINT64 va_size;
};

/* Why mk_memory_take refused. */
enum mk_memory_shortfall
{
    MK_MEMORY_NO_ADDRESSES = 1, /* the address space has no room for the range */
    MK_MEMORY_OVER_BUDGET,      /* the group's usage would pass its budget (or no ledger was left) */
};

/* Takes what `request` asks, both in one step: S_OK and the charge to keep
 * (the range's start in its va_start, 0 without addresses), which gives both back
 * with obj_memory_charge_release (the addresses are reused, as Windows reuses
 * a released allocation's: the lowest free range that fits is taken, 64 KiB
 * aligned, a 64 KiB gap after it); or E_OUTOFMEMORY, nothing taken,
 * `*shortfall` saying which and `why` (budgets) in words. */
HRESULT mk_memory_take(const struct caps_adapter *adapter, const struct mk_memory_request *request,
        struct obj_memory_charge *charge, enum mk_memory_shortfall *shortfall, char *why, size_t why_size);

/* Calls `callback(context)` whenever the usage of any node and group of
 * `adapter` changes (memory_watch.h): S_OK and a nonzero cookie for
 * obj_memory_unwatch, or E_OUTOFMEMORY. */
HRESULT mk_memory_watch(const struct caps_adapter *adapter, void (*callback)(void *context), void *context,
        UINT *cookie);

#endif
