/*
 * The simulated adapters' video memory (src/device/device_memory.c): what
 * every device of the process has allocated, per adapter, node and segment
 * group (DXGI_MEMORY_SEGMENT_GROUP: 0 local, 1 non-local), the budget the
 * profile gives each group, and the GPU virtual addresses handed to buffers
 * and heaps. One implementation, which DXGI's QueryVideoMemoryInfo reads
 * through mockd3d12_get_video_memory (src/api/adapter_info.c).
 *
 * Nothing here allocates; the counters are atomics (a charge is one
 * fetch-add, and one fetch-sub when it is refused or given back).
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

/* Charges `bytes` to (adapter, node, group): S_OK and the charge to keep, or
 * E_OUTOFMEMORY (nothing charged) when the group's usage would pass its
 * budget, and `why` says so. */
HRESULT mk_memory_charge(const struct caps_adapter *adapter, unsigned node, unsigned group, UINT64 bytes,
        struct obj_memory_charge *charge, char *why, size_t why_size);

/* A range of `size` bytes of the adapter's GPU virtual addresses, 64 KiB
 * aligned, below 2^process_bits, not held by any live heap or resource of
 * the process: S_OK, the range's start in `*va` and in `charge` (which gives
 * it back with obj_memory_charge_release: the addresses are reused, as
 * Windows reuses a released allocation's), or E_OUTOFMEMORY when the space
 * has no room for it. The lowest free range that fits is taken. */
HRESULT mk_memory_reserve_va(const struct caps_adapter *adapter, unsigned process_bits, UINT64 size,
        D3D12_GPU_VIRTUAL_ADDRESS *va, struct obj_memory_charge *charge);

/* Calls `callback(context)` whenever the usage of any node and group of
 * `adapter` changes (memory_watch.h): S_OK and a nonzero cookie for
 * obj_memory_unwatch, or E_OUTOFMEMORY. */
HRESULT mk_memory_watch(const struct caps_adapter *adapter, void (*callback)(void *context), void *context,
        UINT *cookie);

#endif
