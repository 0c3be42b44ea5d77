/*
 * DRED on the device (dred.h, docs/faults.md "DRED"): the history of
 * executed command lists, the ring of freed allocations, and the outputs of
 * ID3D12DeviceRemovedExtendedData2, built once when the device is removed
 * (nothing changes afterwards: a removed device executes nothing) and valid
 * for the device's life.
 *
 * What each method answers, as the D3D12 documentation of
 * ID3D12DeviceRemovedExtendedData::GetAutoBreadcrumbsOutput and
 * GetPageFaultAllocationOutput says: DXGI_ERROR_NOT_CURRENTLY_AVAILABLE while
 * the device is not removed; DXGI_ERROR_UNSUPPORTED when the part was not
 * enabled (SetAutoBreadcrumbsEnablement, SetPageFaultEnablement) for the
 * device. That second answer implies the interface is there without DRED
 * enabled, so QueryInterface always answers it.
 */
#include <string.h>

#include <wchar.h>

#include "alloc.h"
#include "command_queue.h"
#include "debuglayer/debuglayer.h"
#include "device.h"
#include "dred.h"
#include "heap.h"
#include "resource.h"
#include "shader_cache_session.h" /* DXGI_ERROR_NOT_CURRENTLY_AVAILABLE where the headers lack it */

struct dred_entry
{
    ID3D12GraphicsCommandList *list;
    ID3D12CommandQueue *queue;
    char *list_name_a, *queue_name_a;
    WCHAR *list_name_w, *queue_name_w;
    D3D12_AUTO_BREADCRUMB_OP *ops;
    UINT op_count, completed;
    D3D12_DRED_BREADCRUMB_CONTEXT *contexts;
    UINT context_count;
};

struct dred_allocation
{
    char *name_a;
    WCHAR *name_w;
    D3D12_DRED_ALLOCATION_TYPE type;
    const IUnknown *object;      /* live allocations; NULL for freed ones */
    uint64_t va, size;
};

struct mk_dred
{
    mk_mutex lock;
    bool breadcrumbs, page_faults;
    bool removed;                 /* mk_dred_removed ran: the outputs below are built */

    /* Under `lock` until the removal: */
    struct dred_entry history[MK_DRED_HISTORY]; /* a ring: `history_next` is the oldest when full */
    size_t history_next, history_count;
    struct dred_allocation freed[MK_DRED_FREED];
    size_t freed_next, freed_count;

    /* The outputs, built by the removal. */
    D3D12_AUTO_BREADCRUMB_NODE nodes[MK_DRED_HISTORY];
    D3D12_AUTO_BREADCRUMB_NODE1 nodes1[MK_DRED_HISTORY];
    UINT last_values[MK_DRED_HISTORY];
    D3D12_GPU_VIRTUAL_ADDRESS page_fault_va;
    struct dred_allocation existing[MK_DRED_EXISTING];
    size_t existing_count;
    D3D12_DRED_ALLOCATION_NODE existing_nodes[MK_DRED_EXISTING], freed_nodes[MK_DRED_FREED];
    D3D12_DRED_ALLOCATION_NODE1 existing_nodes1[MK_DRED_EXISTING], freed_nodes1[MK_DRED_FREED];
    size_t freed_match_count;
};

/* ---- Names ---- */

/* The object's SetName, wide and narrowed (a character past ASCII becomes
 * '?'), or both NULL. */
static void object_names(struct mk_object *object, char **a, WCHAR **w)
{
    size_t length, i;

    *a = NULL;
    if (!(*w = mk_private_data_name(&object->private_data)))
        return;
    length = wcslen(*w);
    if (!(*a = mk_alloc(length + 1)))
        return;
    for (i = 0; i < length; ++i)
        (*a)[i] = (uint32_t)(*w)[i] < 0x80 ? (char)(*w)[i] : '?';
    (*a)[length] = 0;
}

static WCHAR *wide_dup(const WCHAR *text)
{
    size_t size = (wcslen(text) + 1) * sizeof(WCHAR);
    WCHAR *copy = mk_alloc(size);

    if (copy)
        memcpy(copy, text, size);
    return copy;
}

/* ---- The history ---- */

static void entry_clear(struct dred_entry *entry)
{
    UINT i;

    mk_free(entry->list_name_a);
    mk_free(entry->list_name_w);
    mk_free(entry->queue_name_a);
    mk_free(entry->queue_name_w);
    mk_free(entry->ops);
    for (i = 0; i < entry->context_count; ++i)
        mk_free((void *)entry->contexts[i].pContextString);
    mk_free(entry->contexts);
    memset(entry, 0, sizeof(*entry));
}

/* An entry for `list` on `queue`: false when it cannot be had (nothing kept). */
static bool entry_fill(struct dred_entry *entry, struct obj_command_list *list, ID3D12CommandQueue *queue)
{
    size_t i;

    memset(entry, 0, sizeof(*entry));
    entry->list = obj_command_list_iface(list);
    entry->queue = queue;
    object_names(&list->obj, &entry->list_name_a, &entry->list_name_w);
    object_names(&MK_OBJECT_IMPL(struct mk_command_queue, ID3D12CommandQueue_iface, queue)->obj,
            &entry->queue_name_a, &entry->queue_name_w);
    if (list->op_count)
    {
        if (!(entry->ops = mk_alloc(list->op_count * sizeof(*entry->ops))))
            goto fail;
        memcpy(entry->ops, list->ops, list->op_count * sizeof(*entry->ops));
    }
    entry->op_count = (UINT)list->op_count;
    entry->completed = entry->op_count;
    if (list->context_count)
    {
        if (!(entry->contexts = mk_calloc(list->context_count, sizeof(*entry->contexts))))
            goto fail;
        for (i = 0; i < list->context_count; ++i)
        {
            entry->contexts[i].BreadcrumbIndex = list->contexts[i].index;
            if (!(entry->contexts[i].pContextString = wide_dup(list->contexts[i].text)))
                goto fail;
            entry->context_count = (UINT)i + 1;
        }
    }
    return true;

fail:
    entry_clear(entry);
    return false;
}

/* Keeps the submission's lists (under dred->lock); those of a hung one
 * (`hung`) completed `done` operations of the submission between them, in
 * order. */
static void history_add(struct mk_dred *dred, const struct mk_submission *submission, bool hung, uint64_t done)
{
    struct obj_command_list *list;
    struct dred_entry entry;
    UINT i;

    for (i = 0; i < submission->count; ++i)
    {
        if (!(list = obj_command_list_from_iface(submission->lists[i])) || !entry_fill(&entry, list, submission->queue))
            continue;
        if (hung)
        {
            entry.completed = done < entry.op_count ? (UINT)done : entry.op_count;
            done -= entry.completed;
        }
        entry_clear(&dred->history[dred->history_next]);
        dred->history[dred->history_next] = entry;
        dred->history_next = (dred->history_next + 1) % MK_DRED_HISTORY;
        if (dred->history_count < MK_DRED_HISTORY)
            ++dred->history_count;
    }
}

/* The queue calls it only for a device with DRED (device->dred). */
void mk_dred_executed(struct mk_device *device, const struct mk_submission *submission)
{
    struct mk_dred *dred = device->dred;

    if (!dred->breadcrumbs)
        return;
    mk_mutex_lock(&dred->lock);
    if (!dred->removed)
        history_add(dred, submission, false, 0);
    mk_mutex_unlock(&dred->lock);
}

/* The nodes, oldest execution first. */
static void breadcrumbs_build(struct mk_dred *dred)
{
    size_t first = (dred->history_next + MK_DRED_HISTORY - dred->history_count) % MK_DRED_HISTORY, i;

    for (i = 0; i < dred->history_count; ++i)
    {
        const struct dred_entry *e = &dred->history[(first + i) % MK_DRED_HISTORY];
        D3D12_AUTO_BREADCRUMB_NODE1 *n1 = &dred->nodes1[i];
        D3D12_AUTO_BREADCRUMB_NODE *n = &dred->nodes[i];

        dred->last_values[i] = e->completed;
        n->pCommandListDebugNameA = n1->pCommandListDebugNameA = e->list_name_a;
        n->pCommandListDebugNameW = n1->pCommandListDebugNameW = e->list_name_w;
        n->pCommandQueueDebugNameA = n1->pCommandQueueDebugNameA = e->queue_name_a;
        n->pCommandQueueDebugNameW = n1->pCommandQueueDebugNameW = e->queue_name_w;
        n->pCommandList = n1->pCommandList = e->list;
        n->pCommandQueue = n1->pCommandQueue = e->queue;
        n->BreadcrumbCount = n1->BreadcrumbCount = e->op_count;
        n->pLastBreadcrumbValue = n1->pLastBreadcrumbValue = &dred->last_values[i];
        n->pCommandHistory = n1->pCommandHistory = e->ops;
        n->pNext = i + 1 < dred->history_count ? &dred->nodes[i + 1] : NULL;
        n1->pNext = i + 1 < dred->history_count ? &dred->nodes1[i + 1] : NULL;
        n1->BreadcrumbContextsCount = e->context_count;
        n1->pBreadcrumbContexts = e->contexts;
    }
}

/* ---- Page faults ---- */

void mk_dred_allocation_freed(void *ctx, struct mk_object *object, D3D12_DRED_ALLOCATION_TYPE type,
        D3D12_GPU_VIRTUAL_ADDRESS va, uint64_t size)
{
    struct mk_dred *dred = ((struct mk_device *)ctx)->dred;
    struct dred_allocation *slot;

    if (!dred)
        return;
    mk_mutex_lock(&dred->lock);
    /* After the removal the outputs point into the ring: it stays as it was. */
    if (!dred->removed)
    {
        slot = &dred->freed[dred->freed_next];
        mk_free(slot->name_a);
        mk_free(slot->name_w);
        memset(slot, 0, sizeof(*slot));
        object_names(object, &slot->name_a, &slot->name_w);
        slot->type = type;
        slot->va = va;
        slot->size = size;
        dred->freed_next = (dred->freed_next + 1) % MK_DRED_FREED;
        if (dred->freed_count < MK_DRED_FREED)
            ++dred->freed_count;
    }
    mk_mutex_unlock(&dred->lock);
}

static bool contains(uint64_t va, uint64_t size, D3D12_GPU_VIRTUAL_ADDRESS address)
{
    return va && address >= va && address - va < size;
}

/* A live heap or resource (a registry walk's visit): kept when its addresses
 * hold the fault's. */
static int visit_existing(struct mk_object *object, void *ctx)
{
    struct mk_dred *dred = ctx;
    struct dred_allocation *a;
    uint64_t va = 0, size = 0;
    D3D12_DRED_ALLOCATION_TYPE type;

    if (object->cls->kind == OBJ_KIND_HEAP)
    {
        const struct obj_heap *heap = MK_OBJECT_IMPL(struct obj_heap, obj, object);

        va = heap->va;
        size = heap->desc.SizeInBytes;
        type = D3D12_DRED_ALLOCATION_TYPE_HEAP;
    }
    else
    {
        const struct obj_resource *resource = MK_OBJECT_IMPL(struct obj_resource, obj, object);

        va = resource->va;
        size = resource->desc.Dimension == D3D12_RESOURCE_DIMENSION_BUFFER ? resource->desc.Width : 0;
        type = D3D12_DRED_ALLOCATION_TYPE_RESOURCE;
    }
    if (!contains(va, size, dred->page_fault_va) || dred->existing_count == MK_DRED_EXISTING)
        return 0;
    a = &dred->existing[dred->existing_count++];
    object_names(object, &a->name_a, &a->name_w);
    a->type = type;
    a->object = mk_object_iface(object);
    a->va = va;
    a->size = size;
    return 0;
}

static void allocation_nodes(const struct dred_allocation *a, D3D12_DRED_ALLOCATION_NODE *n,
        D3D12_DRED_ALLOCATION_NODE1 *n1)
{
    n->ObjectNameA = n1->ObjectNameA = a->name_a;
    n->ObjectNameW = n1->ObjectNameW = a->name_w;
    n->AllocationType = n1->AllocationType = a->type;
    n1->pObject = a->object;
}

static void page_fault_build(struct mk_device *device, struct mk_dred *dred)
{
    size_t i, count = 0;

    mk_registry_walk(&device->objects.registry, OBJ_KIND_HEAP, visit_existing, dred);
    mk_registry_walk(&device->objects.registry, OBJ_KIND_RESOURCE, visit_existing, dred);
    for (i = 0; i < dred->existing_count; ++i)
    {
        allocation_nodes(&dred->existing[i], &dred->existing_nodes[i], &dred->existing_nodes1[i]);
        dred->existing_nodes[i].pNext = i + 1 < dred->existing_count ? &dred->existing_nodes[i + 1] : NULL;
        dred->existing_nodes1[i].pNext = i + 1 < dred->existing_count ? &dred->existing_nodes1[i + 1] : NULL;
    }
    /* The freed ones, most recently freed first. */
    for (i = 0; i < dred->freed_count; ++i)
    {
        const struct dred_allocation *a = &dred->freed[(dred->freed_next + MK_DRED_FREED - 1 - i) % MK_DRED_FREED];

        if (!contains(a->va, a->size, dred->page_fault_va))
            continue;
        allocation_nodes(a, &dred->freed_nodes[count], &dred->freed_nodes1[count]);
        if (count)
        {
            dred->freed_nodes[count - 1].pNext = &dred->freed_nodes[count];
            dred->freed_nodes1[count - 1].pNext = &dred->freed_nodes1[count];
        }
        ++count;
    }
    dred->freed_match_count = count;
}

/* ---- The removal ---- */

/* GetDeviceState's answer for a removal (D3D12_DRED_DEVICE_STATE): a page
 * fault PAGEFAULT; a hang HUNG; a badly formed command, the driver's error
 * or an invalid call FAULT; a removal for no fault of the GPU
 * (DXGI_ERROR_DEVICE_REMOVED: RemoveDevice, a plan's remove:removed)
 * UNKNOWN. mockd3d12's reading of the enumeration's names. */
static D3D12_DRED_DEVICE_STATE removal_state(HRESULT reason, const struct mk_removal_fault *fault)
{
    if (fault && fault->page_fault)
        return D3D12_DRED_DEVICE_STATE_PAGEFAULT;
    switch (reason)
    {
        case DXGI_ERROR_DEVICE_HUNG:
            return D3D12_DRED_DEVICE_STATE_HUNG;
        case DXGI_ERROR_DEVICE_RESET:
        case DXGI_ERROR_DRIVER_INTERNAL_ERROR:
        case DXGI_ERROR_INVALID_CALL:
            return D3D12_DRED_DEVICE_STATE_FAULT;
        default:
            return D3D12_DRED_DEVICE_STATE_UNKNOWN;
    }
}

void mk_dred_removed(struct mk_device *device, HRESULT reason, const struct mk_removal_fault *fault)
{
    struct mk_dred *dred = device->dred;
    int unknown = D3D12_DRED_DEVICE_STATE_UNKNOWN;

    atomic_compare_exchange_strong(&device->dred_state, &unknown, (int)removal_state(reason, fault));
    if (!dred)
        return;
    mk_mutex_lock(&dred->lock);
    if (!dred->removed)
    {
        if (dred->breadcrumbs && fault && fault->submission && fault->submission->device == device)
            history_add(dred, fault->submission, true, fault->has_op ? fault->op : 0);
        if (dred->breadcrumbs)
            breadcrumbs_build(dred);
        if (dred->page_faults && fault && fault->page_fault)
        {
            dred->page_fault_va = fault->va;
            page_fault_build(device, dred);
        }
        dred->removed = true;
    }
    mk_mutex_unlock(&dred->lock);
}

/* ---- ID3D12DeviceRemovedExtendedData2 ---- */

static inline struct mk_device *impl_from_dred(ID3D12DeviceRemovedExtendedData2 *iface)
{
    return MK_OBJECT_IMPL(struct mk_device, ID3D12DeviceRemovedExtendedData2_iface, iface);
}

static inline struct mk_object *dred_object(ID3D12DeviceRemovedExtendedData2 *iface)
{
    return &impl_from_dred(iface)->obj;
}

MK_IUNKNOWN_METHODS(d3d12_dred, ID3D12DeviceRemovedExtendedData2, dred_object)

/* What every output answers first: NOT_CURRENTLY_AVAILABLE before the
 * removal, UNSUPPORTED without the part (`on`), E_INVALIDARG without an
 * output; S_OK with dred->lock held. */
static HRESULT dred_output_begin(struct mk_device *device, bool (*on)(const struct mk_dred *), const void *output)
{
    if (!atomic_load_explicit(&device->removed, memory_order_acquire))
        return DXGI_ERROR_NOT_CURRENTLY_AVAILABLE;
    if (!device->dred || !on(device->dred))
        return DXGI_ERROR_UNSUPPORTED;
    if (!output)
        return E_INVALIDARG;
    mk_mutex_lock(&device->dred->lock);
    return S_OK;
}

static bool breadcrumbs_on(const struct mk_dred *dred)
{
    return dred->breadcrumbs;
}

static bool page_faults_on(const struct mk_dred *dred)
{
    return dred->page_faults;
}

static HRESULT STDMETHODCALLTYPE d3d12_dred_GetAutoBreadcrumbsOutput(ID3D12DeviceRemovedExtendedData2 *iface,
        D3D12_DRED_AUTO_BREADCRUMBS_OUTPUT *output)
{
    struct mk_device *device = impl_from_dred(iface);
    HRESULT hr;

    if (FAILED(hr = dred_output_begin(device, breadcrumbs_on, output)))
        return hr;
    output->pHeadAutoBreadcrumbNode = device->dred->history_count ? device->dred->nodes : NULL;
    mk_mutex_unlock(&device->dred->lock);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE d3d12_dred_GetAutoBreadcrumbsOutput1(ID3D12DeviceRemovedExtendedData2 *iface,
        D3D12_DRED_AUTO_BREADCRUMBS_OUTPUT1 *output)
{
    struct mk_device *device = impl_from_dred(iface);
    HRESULT hr;

    if (FAILED(hr = dred_output_begin(device, breadcrumbs_on, output)))
        return hr;
    output->pHeadAutoBreadcrumbNode = device->dred->history_count ? device->dred->nodes1 : NULL;
    mk_mutex_unlock(&device->dred->lock);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE d3d12_dred_GetPageFaultAllocationOutput(ID3D12DeviceRemovedExtendedData2 *iface,
        D3D12_DRED_PAGE_FAULT_OUTPUT *output)
{
    struct mk_device *device = impl_from_dred(iface);
    struct mk_dred *dred = device->dred;
    HRESULT hr;

    if (FAILED(hr = dred_output_begin(device, page_faults_on, output)))
        return hr;
    output->PageFaultVA = dred->page_fault_va;
    output->pHeadExistingAllocationNode = dred->existing_count ? dred->existing_nodes : NULL;
    output->pHeadRecentFreedAllocationNode = dred->freed_match_count ? dred->freed_nodes : NULL;
    mk_mutex_unlock(&dred->lock);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE d3d12_dred_GetPageFaultAllocationOutput1(ID3D12DeviceRemovedExtendedData2 *iface,
        D3D12_DRED_PAGE_FAULT_OUTPUT1 *output)
{
    struct mk_device *device = impl_from_dred(iface);
    struct mk_dred *dred = device->dred;
    HRESULT hr;

    if (FAILED(hr = dred_output_begin(device, page_faults_on, output)))
        return hr;
    output->PageFaultVA = dred->page_fault_va;
    output->pHeadExistingAllocationNode = dred->existing_count ? dred->existing_nodes1 : NULL;
    output->pHeadRecentFreedAllocationNode = dred->freed_match_count ? dred->freed_nodes1 : NULL;
    mk_mutex_unlock(&dred->lock);
    return S_OK;
}

/* OUTPUT2 is OUTPUT1 and PageFaultFlags after it. */
_Static_assert(offsetof(D3D12_DRED_PAGE_FAULT_OUTPUT2, pHeadRecentFreedAllocationNode)
        == offsetof(D3D12_DRED_PAGE_FAULT_OUTPUT1, pHeadRecentFreedAllocationNode)
        && offsetof(D3D12_DRED_PAGE_FAULT_OUTPUT2, PageFaultFlags) >= sizeof(D3D12_DRED_PAGE_FAULT_OUTPUT1),
        "D3D12_DRED_PAGE_FAULT_OUTPUT2 does not start with D3D12_DRED_PAGE_FAULT_OUTPUT1");

static HRESULT STDMETHODCALLTYPE d3d12_dred_GetPageFaultAllocationOutput2(ID3D12DeviceRemovedExtendedData2 *iface,
        D3D12_DRED_PAGE_FAULT_OUTPUT2 *output)
{
    HRESULT hr = d3d12_dred_GetPageFaultAllocationOutput1(iface, (D3D12_DRED_PAGE_FAULT_OUTPUT1 *)output);

    if (SUCCEEDED(hr))
        output->PageFaultFlags = D3D12_DRED_PAGE_FAULT_FLAGS_NONE; /* the only value the headers define */
    return hr;
}

static D3D12_DRED_DEVICE_STATE STDMETHODCALLTYPE d3d12_dred_GetDeviceState(ID3D12DeviceRemovedExtendedData2 *iface)
{
    return (D3D12_DRED_DEVICE_STATE)atomic_load(&impl_from_dred(iface)->dred_state);
}

static const struct ID3D12DeviceRemovedExtendedData2Vtbl d3d12_dred_vtbl =
{
    /* IUnknown methods */
    d3d12_dred_QueryInterface,
    d3d12_dred_AddRef,
    d3d12_dred_Release,
    /* ID3D12DeviceRemovedExtendedData methods */
    d3d12_dred_GetAutoBreadcrumbsOutput,
    d3d12_dred_GetPageFaultAllocationOutput,
    /* ID3D12DeviceRemovedExtendedData1 methods */
    d3d12_dred_GetAutoBreadcrumbsOutput1,
    d3d12_dred_GetPageFaultAllocationOutput1,
    /* ID3D12DeviceRemovedExtendedData2 methods */
    d3d12_dred_GetPageFaultAllocationOutput2,
    d3d12_dred_GetDeviceState,
};

/* ---- The device's DRED ---- */

HRESULT mk_dred_init(struct mk_device *device)
{
    struct dbg_dred_settings settings;
    bool breadcrumbs, page_faults;
    struct mk_dred *dred;

    /* CONST_VTBL is empty in the WSL stubs: the pointer is not const-qualified. */
    device->ID3D12DeviceRemovedExtendedData2_iface.lpVtbl = (ID3D12DeviceRemovedExtendedData2Vtbl *)&d3d12_dred_vtbl;
    atomic_init(&device->dred_state, (int)D3D12_DRED_DEVICE_STATE_UNKNOWN);
    device->dred = NULL;
    dbg_dred_settings(&settings);
    breadcrumbs = dbg_dred_on(settings.auto_breadcrumbs);
    page_faults = dbg_dred_on(settings.page_faults);
    if (!breadcrumbs && !page_faults)
        return S_OK;
    if (!(dred = mk_calloc(1, sizeof(*dred))))
        return E_OUTOFMEMORY;
    mk_mutex_init(&dred->lock);
    dred->breadcrumbs = breadcrumbs;
    dred->page_faults = page_faults;
    device->dred = dred;
    device->objects.dred = (breadcrumbs ? OBJ_DRED_BREADCRUMBS : 0u)
            | (breadcrumbs && dbg_dred_on(settings.breadcrumb_context) ? OBJ_DRED_CONTEXT : 0u)
            | (breadcrumbs && settings.markers_only ? OBJ_DRED_MARKERS_ONLY : 0u)
            | (page_faults ? OBJ_DRED_PAGE_FAULTS : 0u);
    return S_OK;
}

void mk_dred_destroy(struct mk_device *device)
{
    struct mk_dred *dred = device->dred;
    size_t i;

    if (!dred)
        return;
    for (i = 0; i < MK_DRED_HISTORY; ++i)
        entry_clear(&dred->history[i]);
    for (i = 0; i < MK_DRED_FREED; ++i)
    {
        mk_free(dred->freed[i].name_a);
        mk_free(dred->freed[i].name_w);
    }
    for (i = 0; i < dred->existing_count; ++i)
    {
        mk_free(dred->existing[i].name_a);
        mk_free(dred->existing[i].name_w);
    }
    mk_mutex_destroy(&dred->lock);
    mk_free(dred);
    device->dred = NULL;
}
