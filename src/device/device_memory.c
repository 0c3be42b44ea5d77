/*
 * The simulated adapters' video memory and GPU virtual addresses
 * (device_memory.h). Adapters live as long as the process, so each one's
 * ledger is a slot of a static table, claimed at its first charge, and
 * lives as long. Memory is counted with atomics; the address space (a bump
 * pointer and the released ranges below it, sorted and merged, in a list that
 * grows when released ranges outnumber it) is changed under one lock, taken
 * once per heap or buffer created or destroyed, never by a query.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "caps/caps.h"
#include "device_memory.h"
#include "alloc.h"
#include "memory_watch.h"
#include "platform.h"

#define LEDGER_SLOTS 256
#define LEDGER_NODES 32 /* a profile's nodeCount is 1 to 32 */
/* The first address handed out: 64 KiB, so that no buffer is at 0 (a
 * texture's address) and the first page stays unused, as on GPUs. */
#define VA_START 0x10000ull
#define VA_ALIGNMENT 0x10000ull
/* The first room for released ranges per adapter; the list doubles as it
 * needs (kept for the process's life, as the adapter is). Should it fail to
 * grow, a released range that touches no free one is not handed out again. */
#define VA_FREE_FIRST 64

struct va_range
{
    uint64_t start, span;
};

struct ledger
{
    _Atomic(const struct caps_adapter *) adapter;
    _Atomic uint64_t usage[LEDGER_NODES][2];
    /* A budget the fault plan set (mk_memory_set_budget), per group: it
     * replaces the profile's while `budget_set` is true. */
    _Atomic uint64_t budget[2];
    atomic_bool budget_set[2];
    /* Under va_lock: the first address never handed out (0: none yet) and
     * the released ranges below it, by address, none adjacent to another. */
    uint64_t next_va;
    unsigned free_count, free_capacity;
    struct va_range *free;
};

static struct ledger ledgers[LEDGER_SLOTS];
/* A spin lock: its sections are a few list operations (a growth of the
 * released ranges' array at most), taken twice per resource with memory. */
static mk_spinlock va_lock = MK_SPINLOCK_INIT;

/* The adapter's ledger; `claim`: a free slot if it has none yet. NULL when
 * it has none (and the table is full, or `claim` is false). */
static struct ledger *ledger_of(const struct caps_adapter *adapter, bool claim)
{
    const struct caps_adapter *expected;
    unsigned i;

    for (i = 0; i < LEDGER_SLOTS; ++i)
    {
        expected = atomic_load(&ledgers[i].adapter);
        if (expected == adapter)
            return &ledgers[i];
        if (!expected)
        {
            if (!claim)
                return NULL;
            if (atomic_compare_exchange_strong(&ledgers[i].adapter, &expected, adapter))
                return &ledgers[i];
            if (expected == adapter)
                return &ledgers[i];
        }
    }
    return NULL;
}

/* The fault plan's budget of group in `ledger` (NULL: none), if it set one. */
static bool ledger_budget_override(struct ledger *ledger, unsigned group, UINT64 *budget)
{
    group = group ? 1 : 0;
    if (!ledger || !atomic_load_explicit(&ledger->budget_set[group], memory_order_acquire))
        return false;
    *budget = atomic_load_explicit(&ledger->budget[group], memory_order_relaxed);
    return true;
}

/* The fault plan's budget of (adapter, group), if it set one. */
static bool budget_override(const struct caps_adapter *adapter, unsigned group, UINT64 *budget)
{
    return ledger_budget_override(ledger_of(adapter, false), group, budget);
}

void mk_memory_set_budget(const struct caps_adapter *adapter, unsigned group, UINT64 bytes)
{
    struct ledger *ledger = ledger_of(adapter, true);

    group = group ? 1 : 0;
    if (!ledger)
        return;
    atomic_store_explicit(&ledger->budget[group], bytes, memory_order_relaxed);
    atomic_store_explicit(&ledger->budget_set[group], true, memory_order_release);
    obj_memory_changed(ledger);
}

void mk_memory_reset_budgets(void)
{
    unsigned i;

    for (i = 0; i < LEDGER_SLOTS; ++i)
    {
        atomic_store(&ledgers[i].budget_set[0], false);
        atomic_store(&ledgers[i].budget_set[1], false);
    }
}

/* The budget of (adapter, group) whose ledger is `ledger` (NULL: none yet). */
static UINT64 ledger_budget(struct ledger *ledger, const struct caps_adapter *adapter, unsigned group)
{
    const struct caps_adapter_extra *x = caps_adapter_extra(adapter);
    bool uma = caps_adapter_uma(adapter);
    UINT64 budget;

    if (ledger_budget_override(ledger, group, &budget))
        return budget;
    if (x->has_video_memory)
        return x->budget[group ? 1 : 0];
    if (group == MK_MEMORY_LOCAL)
        return caps_adapter_dedicated_video_memory(adapter) + (uma ? caps_adapter_shared_system_memory(adapter) : 0);
    return uma ? 0 : caps_adapter_shared_system_memory(adapter);
}

UINT64 mk_memory_budget(const struct caps_adapter *adapter, unsigned group)
{
    return ledger_budget(ledger_of(adapter, false), adapter, group);
}

UINT64 mk_memory_available_for_reservation(const struct caps_adapter *adapter, unsigned group)
{
    const struct caps_adapter_extra *x = caps_adapter_extra(adapter);
    UINT64 budget;

    if (budget_override(adapter, group, &budget))
        return budget / 2;
    if (x->has_video_memory)
        return x->available_for_reservation[group ? 1 : 0];
    return mk_memory_budget(adapter, group) / 2;
}

UINT64 mk_memory_usage(const struct caps_adapter *adapter, unsigned node, unsigned group)
{
    struct ledger *ledger = ledger_of(adapter, false);

    if (!ledger || node >= LEDGER_NODES || group > 1)
        return 0;
    return atomic_load(&ledger->usage[node][group]);
}

/* The profile states no memory size: no video memory info, no dedicated or shared memory. */
static bool memory_unknown(const struct caps_adapter *adapter)
{
    return !caps_adapter_extra(adapter)->has_video_memory && !caps_adapter_dedicated_video_memory(adapter)
            && !caps_adapter_shared_system_memory(adapter);
}

HRESULT mk_memory_charge(const struct caps_adapter *adapter, unsigned node, unsigned group, UINT64 bytes,
        struct obj_memory_charge *charge, char *why, size_t why_size)
{
    struct ledger *ledger = ledger_of(adapter, true);
    UINT64 budget, before, set;

    charge->usage = NULL;
    charge->bytes = 0;
    charge->ledger = NULL;
    if (!ledger || node >= LEDGER_NODES || group > 1)
    {
        snprintf(why, why_size, "mockd3d12 keeps the video memory of at most %u adapters", LEDGER_SLOTS);
        return E_OUTOFMEMORY;
    }
    budget = ledger_budget(ledger, adapter, group);
    before = atomic_fetch_add(&ledger->usage[node][group], bytes);
    /* A profile that gives no memory size at all (a Vulkan report without
     * memory heaps) sets no budget: nothing is refused for memory. */
    if ((before + bytes < before || before + bytes > budget) && memory_unknown(adapter)
            && !ledger_budget_override(ledger, group, &set))
        budget = UINT64_MAX;
    if (before + bytes < before || before + bytes > budget)
    {
        atomic_fetch_sub(&ledger->usage[node][group], bytes);
        snprintf(why, why_size, "%llu bytes more of %s memory on node %u would pass %s's budget of %llu bytes "
                "(%llu in use)", (unsigned long long)bytes, group ? "non-local" : "local", node,
                caps_adapter_id(adapter), (unsigned long long)budget, (unsigned long long)before);
        return E_OUTOFMEMORY;
    }
    charge->usage = &ledger->usage[node][group];
    charge->bytes = bytes;
    charge->ledger = ledger;
    if (bytes)
        obj_memory_changed(ledger);
    return S_OK;
}

/* The lowest released range of at least `span` bytes, cut from its start;
 * 0 when none is (under va_lock). */
static uint64_t va_take_free(struct ledger *ledger, uint64_t span)
{
    struct va_range *range;
    uint64_t start;
    unsigned i;

    for (i = 0; i < ledger->free_count; ++i)
    {
        range = &ledger->free[i];
        if (range->span < span)
            continue;
        start = range->start;
        range->start += span;
        if (!(range->span -= span))
        {
            memmove(range, range + 1, (ledger->free_count - i - 1) * sizeof(*range));
            --ledger->free_count;
        }
        return start;
    }
    return 0;
}

/* Room for one more released range (under va_lock): false when the list
 * cannot grow. */
static bool va_room(struct ledger *ledger)
{
    unsigned capacity = ledger->free_capacity ? ledger->free_capacity * 2 : VA_FREE_FIRST;
    struct va_range *grown;

    if (ledger->free_count < ledger->free_capacity)
        return true;
    if (capacity < ledger->free_capacity || !(grown = mk_realloc(ledger->free, capacity * sizeof(*grown))))
        return false;
    ledger->free = grown;
    ledger->free_capacity = capacity;
    return true;
}

/* Gives [start, start + span) back (obj_memory_charge's va_release). */
static void va_release(void *space, uint64_t start, uint64_t span)
{
    struct ledger *ledger = space;
    struct va_range *range;
    unsigned i;

    mk_spin_lock(&va_lock);
    for (i = 0; i < ledger->free_count && ledger->free[i].start < start; ++i)
        ;
    if (i && ledger->free[i - 1].start + ledger->free[i - 1].span == start)
    {
        /* Joins the range below, and the one above if it now touches it. */
        range = &ledger->free[--i];
        range->span += span;
    }
    else if (i < ledger->free_count && start + span == ledger->free[i].start)
    {
        range = &ledger->free[i];
        range->start = start;
        range->span += span;
    }
    else if (start + span == ledger->next_va)
    {
        ledger->next_va = start; /* the top range: no slot needed */
        mk_spin_unlock(&va_lock);
        return;
    }
    else if (va_room(ledger))
    {
        memmove(&ledger->free[i + 1], &ledger->free[i], (ledger->free_count - i) * sizeof(*range));
        ++ledger->free_count;
        range = &ledger->free[i];
        range->start = start;
        range->span = span;
    }
    else
    {
        mk_spin_unlock(&va_lock); /* no slot left: these addresses stay unused */
        return;
    }
    if (i + 1 < ledger->free_count && range->start + range->span == ledger->free[i + 1].start)
    {
        range->span += ledger->free[i + 1].span;
        memmove(&ledger->free[i + 1], &ledger->free[i + 2], (ledger->free_count - i - 2) * sizeof(*range));
        --ledger->free_count;
    }
    /* The top range moves the bump pointer back. */
    if (i + 1 == ledger->free_count && range->start + range->span == ledger->next_va)
    {
        ledger->next_va = range->start;
        --ledger->free_count;
    }
    mk_spin_unlock(&va_lock);
}

HRESULT mk_memory_reserve_va(const struct caps_adapter *adapter, unsigned process_bits, UINT64 size,
        D3D12_GPU_VIRTUAL_ADDRESS *va, struct obj_memory_charge *charge)
{
    struct ledger *ledger = ledger_of(adapter, true);
    UINT64 limit = process_bits >= 64 ? UINT64_MAX : (1ull << process_bits), start, span;

    *va = 0;
    if (!ledger)
        return E_OUTOFMEMORY;
    /* The span, a 64 KiB gap included, so that one past a range's end is no
     * other range's address. */
    span = ((size ? size : 1) + 2 * VA_ALIGNMENT - 1) & ~(VA_ALIGNMENT - 1);
    if (span < size)
        return E_OUTOFMEMORY;
    mk_spin_lock(&va_lock);
    if (!(start = va_take_free(ledger, span)))
    {
        start = ledger->next_va ? ledger->next_va : VA_START; /* 0: nothing handed out yet */
        if (start + span < start || start + span > limit)
        {
            mk_spin_unlock(&va_lock);
            return E_OUTOFMEMORY;
        }
        ledger->next_va = start + span;
    }
    mk_spin_unlock(&va_lock);
    *va = start;
    charge->va_start = start;
    charge->va_span = span;
    charge->va_space = ledger;
    charge->va_release = va_release;
    return S_OK;
}

HRESULT mk_memory_watch(const struct caps_adapter *adapter, void (*callback)(void *context), void *context,
        UINT *cookie)
{
    struct ledger *ledger = ledger_of(adapter, true);

    *cookie = 0;
    if (!ledger)
        return E_OUTOFMEMORY;
    return obj_memory_watch(ledger, callback, context, cookie);
}
