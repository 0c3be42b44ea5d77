/*
 * The simulated adapters' video memory and GPU virtual addresses
 * (device_memory.h). Adapters live as long as the process, so each one's
 * ledger is a slot of a static table, claimed at its first charge, and
 * lives as long. Its usage counters and its address space (a bump pointer
 * and the released ranges below it, sorted and merged, in a list that grows
 * when released ranges outnumber it) change under one lock, taken once per
 * heap or resource with memory or addresses created and once per one
 * destroyed, never by a query (the counters are atomics, read without it).
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
    _Atomic uint64_t usage[LEDGER_NODES][2]; /* changed under ledger_lock */
    /* A budget the fault plan set (mk_memory_set_budget), per group: it
     * replaces the profile's while `budget_set` is true. */
    _Atomic uint64_t budget[2];
    atomic_bool budget_set[2];
    /* Under ledger_lock: the first address never handed out (0: none yet) and
     * the released ranges below it, by address, none adjacent to another. */
    uint64_t next_va;
    unsigned free_count, free_capacity;
    struct va_range *free;
};

static struct ledger ledgers[LEDGER_SLOTS];
/* A spin lock: its sections are a counter's change and a few list
 * operations (a growth of the released ranges' array at most). */
static mk_spinlock ledger_lock = MK_SPINLOCK_INIT;

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

/* The budget of (adapter, group) whose ledger is `ledger` (NULL: none yet):
 * the fault plan's, else the profile's. `charging`: the budget a charge is
 * held to, unbounded when the profile gives no memory size at all (a Vulkan
 * report without memory heaps), where nothing is refused for memory. */
static UINT64 ledger_budget(struct ledger *ledger, const struct caps_adapter *adapter, unsigned group, bool charging)
{
    const struct caps_adapter_extra *x = caps_adapter_extra(adapter);
    UINT64 budget, dedicated, shared;
    bool uma;

    if (ledger_budget_override(ledger, group, &budget))
        return budget;
    if (x->has_video_memory)
        return x->budget[group ? 1 : 0];
    dedicated = caps_adapter_dedicated_video_memory(adapter);
    shared = caps_adapter_shared_system_memory(adapter);
    if (charging && !dedicated && !shared)
        return UINT64_MAX;
    uma = caps_adapter_uma(adapter);
    if (group == MK_MEMORY_LOCAL)
        return dedicated + (uma ? shared : 0);
    return uma ? 0 : shared;
}

UINT64 mk_memory_budget(const struct caps_adapter *adapter, unsigned group)
{
    return ledger_budget(ledger_of(adapter, false), adapter, group, false);
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

/* The lowest released range of at least `span` bytes, cut from its start;
 * 0 when none is (under ledger_lock). */
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

/* Room for one more released range (under ledger_lock): false when the list
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

/* Gives [start, start + span) back (under ledger_lock). */
static void va_release(struct ledger *ledger, uint64_t start, uint64_t span)
{
    struct va_range *range;
    unsigned i;

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
        return; /* no slot left: these addresses stay unused */
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
}

/* A range of `size` bytes below `limit` (under ledger_lock): its start and
 * span, or false when the space has no room for it. */
static bool va_take(struct ledger *ledger, uint64_t limit, uint64_t size, uint64_t *start, uint64_t *span)
{
    /* The span, a 64 KiB gap included, so that one past a range's end is no
     * other range's address. */
    *span = ((size ? size : 1) + 2 * VA_ALIGNMENT - 1) & ~(VA_ALIGNMENT - 1);
    if (*span < size)
        return false;
    if ((*start = va_take_free(ledger, *span)))
        return true;
    *start = ledger->next_va ? ledger->next_va : VA_START; /* 0: nothing handed out yet */
    if (*start + *span < *start || *start + *span > limit)
        return false;
    ledger->next_va = *start + *span;
    return true;
}

/* A counter changed under ledger_lock, which orders its writers: a load
 * and a store, no read-modify-write. */
static void usage_add(_Atomic uint64_t *usage, uint64_t bytes)
{
    atomic_store_explicit(usage, atomic_load_explicit(usage, memory_order_relaxed) + bytes, memory_order_relaxed);
}

/* obj_memory_charge's give_back: the memory and the addresses, in one step. */
static void charge_give_back(struct obj_memory_charge *charge)
{
    struct ledger *ledger = charge->ledger;

    mk_spin_lock(&ledger_lock);
    if (charge->usage)
        usage_add(charge->usage, -charge->bytes);
    if (charge->va_span)
        va_release(ledger, charge->va_start, charge->va_span);
    mk_spin_unlock(&ledger_lock);
    if (charge->usage)
        obj_memory_changed(ledger);
}

HRESULT mk_memory_take(const struct caps_adapter *adapter, const struct mk_memory_request *request,
        struct obj_memory_charge *charge, enum mk_memory_shortfall *shortfall, char *why, size_t why_size)
{
    struct ledger *ledger = ledger_of(adapter, true);
    unsigned node = request->node, group = request->group;
    UINT64 limit = request->process_bits >= 64 ? UINT64_MAX : (1ull << request->process_bits), budget = 0, before;
    _Atomic uint64_t *usage = NULL; /* NULL: no bytes asked */
    uint64_t start = 0, span = 0;

    memset(charge, 0, sizeof(*charge));
    if (!ledger || (request->bytes && (node >= LEDGER_NODES || group > 1)))
    {
        *shortfall = MK_MEMORY_OVER_BUDGET;
        snprintf(why, why_size, "mockd3d12 keeps the video memory of at most %u adapters", LEDGER_SLOTS);
        return E_OUTOFMEMORY;
    }
    if (request->bytes)
    {
        usage = &ledger->usage[node][group];
        budget = ledger_budget(ledger, adapter, group, true);
    }
    /* The addresses first: a request refused for both is refused for them. */
    mk_spin_lock(&ledger_lock);
    if (request->addresses && !va_take(ledger, limit, request->va_size, &start, &span))
    {
        mk_spin_unlock(&ledger_lock);
        *shortfall = MK_MEMORY_NO_ADDRESSES;
        return E_OUTOFMEMORY;
    }
    before = usage ? atomic_load_explicit(usage, memory_order_relaxed) : 0;
    if (usage && (before + request->bytes < before || before + request->bytes > budget))
    {
        if (span)
            va_release(ledger, start, span);
        mk_spin_unlock(&ledger_lock);
        *shortfall = MK_MEMORY_OVER_BUDGET;
        snprintf(why, why_size, "%llu bytes more of %s memory on node %u would pass %s's budget of %llu bytes "
                "(%llu in use)", (unsigned long long)request->bytes, group ? "non-local" : "local", node,
                caps_adapter_id(adapter), (unsigned long long)budget, (unsigned long long)before);
        return E_OUTOFMEMORY;
    }
    if (usage)
        usage_add(usage, request->bytes);
    mk_spin_unlock(&ledger_lock);
    charge->usage = usage;
    charge->bytes = request->bytes;
    charge->ledger = ledger;
    charge->va_start = start;
    charge->va_span = span;
    charge->give_back = charge_give_back;
    if (usage)
        obj_memory_changed(ledger);
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
