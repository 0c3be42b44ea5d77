/*
 * Command allocators and lists, the device's side: creation, validated
 * against the adapter and the runtime, and the three things the objects
 * room's lists ask of their device (obj_device_ops) — which capability gates
 * (data/command-list-gates.tsv) the adapter passes for a list type, and the
 * debug layer's messages. docs/objects.md lists every
 * rule and message.
 */
#include <stdio.h>
#include <string.h>

#include "caps/caps.h"
#include "command_list.h"
#include "debuglayer/debuglayer.h"
#include "refusal.h"
#include "device_lists.h"
#include "mk_tables.h"
#include "pipeline_state.h"

static inline struct mk_device *impl_from_ID3D12Device17(ID3D12Device17 *iface)
{
    return (struct mk_device *)((char *)iface - offsetof(struct mk_device, ID3D12Device17_iface));
}

static const char list_type_names[][14] =
{
    "DIRECT", "BUNDLE", "COMPUTE", "COPY", "VIDEO_DECODE", "VIDEO_PROCESS", "VIDEO_ENCODE",
};

static const char *list_type_name(D3D12_COMMAND_LIST_TYPE type)
{
    return (unsigned)type < sizeof(list_type_names) / sizeof(list_type_names[0]) ? list_type_names[type] : NULL;
}

/* ---- The gates ---- */

/* Gate `g` of data/command-list-gates.tsv for lists of `type` (src/device/device_gates.h). */
static struct mk_gate list_gate(const struct obj_command_list_gate *g, D3D12_COMMAND_LIST_TYPE type)
{
    struct mk_gate gate;

    gate.field = g->field;
    gate.test = g->kind == OBJ_GATE_AT_LEAST ? MK_GATE_AT_LEAST : g->kind == OBJ_GATE_NONZERO ? MK_GATE_NONZERO
            : MK_GATE_BIT;
    gate.minimum = g->kind == OBJ_GATE_LIST_TYPE ? (uint32_t)type : g->minimum;
    return gate;
}

/* Bit i: gate i passes for lists of `type`, computed once per type and
 * device (idempotent, so two threads computing it at once agree). */
uint64_t mk_device_list_gates(void *ctx, D3D12_COMMAND_LIST_TYPE type)
{
    struct mk_device *device = ctx;
    unsigned slot = (unsigned)type; /* one of the four creatable types */
    struct mk_gate gate;
    uint64_t mask = 0;
    size_t i;

    if (atomic_load(&device->list_gates_ready) & (1u << slot))
        return atomic_load(&device->list_gates[slot]);
    for (i = 0; i < obj_command_list_gate_count; ++i)
    {
        gate = list_gate(&obj_command_list_gates[i], type);
        if (mk_device_gate_passes(device, &gate, NULL, NULL, 0))
            mask |= (uint64_t)1 << i;
    }
    atomic_store(&device->list_gates[slot], mask);
    atomic_fetch_or(&device->list_gates_ready, 1u << slot);
    return mask;
}

void mk_device_list_refused(void *ctx, unsigned index, D3D12_COMMAND_LIST_TYPE type, const char *method)
{
    struct mk_gate gate = list_gate(&obj_command_list_gates[index], type);
    struct mk_device *device = ctx;
    char why[512];

    if (!device->debug)
        return;
    mk_device_gate_passes(device, &gate, NULL, why, sizeof(why));
    dbg_report(device->debug, obj_command_list_gates[index].message, method,
            strcat(why, "; the call is dropped and Close will return E_FAIL"));
}

bool mk_device_runtime_knows(void *ctx, uint16_t first_retail, uint16_t first_preview)
{
    return caps_runtime_knows(&((struct mk_device *)ctx)->runtime, first_retail, first_preview);
}

/* ---- Creation ---- */

/* DIRECT, BUNDLE, COMPUTE and COPY: every D3D12 adapter has them. The video
 * types need a video engine (mk_device_video_refusal). */
static HRESULT device_check_list_type(struct mk_device *device, const char *method, D3D12_COMMAND_LIST_TYPE type,
        D3D12_MESSAGE_ID video_id)
{
    char why[192], what[64];

    if (type == D3D12_COMMAND_LIST_TYPE_DIRECT || type == D3D12_COMMAND_LIST_TYPE_BUNDLE
            || type == D3D12_COMMAND_LIST_TYPE_COMPUTE || type == D3D12_COMMAND_LIST_TYPE_COPY)
        return S_OK;
    if (list_type_name(type))
    {
        snprintf(what, sizeof(what), "D3D12_COMMAND_LIST_TYPE_%s", list_type_name(type));
        mk_device_video_refusal(device, what, why, sizeof(why));
        strcat(why, "; returning E_INVALIDARG");
        dbg_report(device->debug, video_id, method, why);
    }
    else
    {
        snprintf(why, sizeof(why), "Type %u is no D3D12_COMMAND_LIST_TYPE; returning E_INVALIDARG", (unsigned)type);
        dbg_report(device->debug, D3D12_MESSAGE_ID_CREATE_COMMAND_LIST_INVALID_COMMAND_LIST_TYPE, method, why);
    }
    return E_INVALIDARG;
}

static HRESULT device_check_node_mask(struct mk_device *device, const char *method, UINT node_mask)
{
    char why[160];

    if (mk_device_node_mask_valid(device, node_mask))
        return S_OK;
    snprintf(why, sizeof(why), "nodeMask 0x%x is not one node of the adapter's %u; returning E_INVALIDARG",
            (unsigned)node_mask, (unsigned)caps_adapter_node_count(device->adapter));
    dbg_report(device->debug, D3D12_MESSAGE_ID_CREATE_COMMAND_LIST_INVALID_COMMAND_LIST_TYPE, method, why);
    return E_INVALIDARG;
}

HRESULT STDMETHODCALLTYPE d3d12_device_CreateCommandAllocator(ID3D12Device17 *iface, D3D12_COMMAND_LIST_TYPE type,
        REFIID riid, void **out)
{
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    struct obj_command_allocator *allocator;
    HRESULT hr;

    if (out)
        *out = NULL;
    if (FAILED(hr = mk_device_enter(device, "ID3D12Device::CreateCommandAllocator")))
        return hr;
    if (FAILED(hr = device_check_list_type(device, "ID3D12Device::CreateCommandAllocator", type,
            D3D12_MESSAGE_ID_CREATE_COMMAND_ALLOCATOR_VIDEO_NOT_SUPPORTED)))
        return hr;
    /* A probe: S_FALSE whatever the IID, as CreateFence. */
    if (!out)
        return S_FALSE;
    if (!riid)
        return E_INVALIDARG;
    if (FAILED(hr = obj_command_allocator_create(&device->objects, type, &allocator)))
        return hr;
    return mk_hand_out((IUnknown *)obj_command_allocator_iface(allocator), riid, out);
}

/* The last steps of both creations: the probe, the IID, the allocator's
 * own checks (taken with it, src/objects/command_list.c), the list. */
static HRESULT device_create_list(struct mk_device *device, const char *method, D3D12_COMMAND_LIST_TYPE type,
        struct obj_command_allocator *allocator, REFIID riid, void **out)
{
    struct obj_command_list *list;
    const char *why;
    D3D12_MESSAGE_ID id;
    char text[192];
    HRESULT hr;

    if (!out)
        return S_FALSE;
    if (!riid)
        return E_INVALIDARG;
    if (FAILED(hr = obj_command_list_create(&device->objects, type, allocator, &list, &id, &why)))
    {
        if (why)
        {
            snprintf(text, sizeof(text), "%s; returning E_INVALIDARG", why);
            dbg_report(device->debug, id, method, text);
        }
        return hr;
    }
    return mk_hand_out((IUnknown *)obj_command_list_iface(list), riid, out);
}

HRESULT STDMETHODCALLTYPE d3d12_device_CreateCommandList(ID3D12Device17 *iface, UINT node_mask,
        D3D12_COMMAND_LIST_TYPE type, ID3D12CommandAllocator *allocator_iface, ID3D12PipelineState *initial_state,
        REFIID riid, void **out)
{
    static const char method[] = "ID3D12Device::CreateCommandList";
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    struct obj_command_allocator *allocator = obj_command_allocator_from_iface(allocator_iface);
    HRESULT hr;

    if (out)
        *out = NULL;
    if (FAILED(hr = mk_device_enter(device, method)))
        return hr;
    if (FAILED(hr = device_check_list_type(device, method, type, D3D12_MESSAGE_ID_CREATE_COMMAND_LIST_VIDEO_NOT_SUPPORTED))
            || FAILED(hr = device_check_node_mask(device, method, node_mask)))
        return hr;
    if (!allocator)
    {
        dbg_report(device->debug, D3D12_MESSAGE_ID_CREATECOMMANDLIST_NULL_COMMANDALLOCATOR, method, allocator_iface
                ? "pCommandAllocator is not an ID3D12CommandAllocator of mockd3d12; returning E_INVALIDARG"
                : "pCommandAllocator is NULL; returning E_INVALIDARG");
        return E_INVALIDARG;
    }
    /* NULL or a pipeline state of ours, which the list takes as recorded (it
     * draws nothing: vkd3d's test_command_list_initial_pipeline_state
     * records Windows creating the list). */
    if (initial_state && !obj_pipeline_state_from_iface(initial_state))
    {
        dbg_report(device->debug, D3D12_MESSAGE_ID_COMMAND_LIST_PIPELINE_STATE_NOT_SET, method,
                "pInitialState is not a pipeline state of mockd3d12; returning E_INVALIDARG");
        return E_INVALIDARG;
    }
    return device_create_list(device, method, type, allocator, riid, out);
}

HRESULT STDMETHODCALLTYPE d3d12_device_CreateCommandList1(ID3D12Device17 *iface, UINT node_mask,
        D3D12_COMMAND_LIST_TYPE type, D3D12_COMMAND_LIST_FLAGS flags, REFIID riid, void **out)
{
    static const char method[] = "ID3D12Device4::CreateCommandList1";
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    char why[128];
    HRESULT hr;

    if (out)
        *out = NULL;
    if (FAILED(hr = mk_device_enter(device, method)))
        return hr;
    if (FAILED(hr = device_check_list_type(device, method, type, D3D12_MESSAGE_ID_CREATE_COMMAND_LIST_VIDEO_NOT_SUPPORTED))
            || FAILED(hr = device_check_node_mask(device, method, node_mask)))
        return hr;
    /* D3D12_COMMAND_LIST_FLAG_NONE is the only flag. */
    if (flags)
    {
        snprintf(why, sizeof(why), "flags 0x%x are no D3D12_COMMAND_LIST_FLAGS; returning E_INVALIDARG",
                (unsigned)flags);
        dbg_report(device->debug, D3D12_MESSAGE_ID_CREATE_COMMAND_LIST_INVALID_COMMAND_LIST_TYPE, method, why);
        return E_INVALIDARG;
    }
    return device_create_list(device, method, type, NULL, riid, out);
}

/* ---- Execution ---- */

HRESULT mk_device_check_execute(struct mk_device *device, D3D12_COMMAND_LIST_TYPE queue_type, UINT index,
        ID3D12CommandList *list_iface)
{
    struct obj_command_list *list = obj_command_list_from_iface(list_iface);
    D3D12_MESSAGE_ID id = D3D12_MESSAGE_ID_EXECUTECOMMANDLISTS_COMMANDLISTMISMATCH;
    bool remove_device = false;
    const char *why;
    char text[256];

    if (!list)
        why = list_iface ? "it is not a command list of mockd3d12" : "it is NULL";
    else
        why = obj_command_list_check_execute(list, &device->objects, queue_type, &id, &remove_device);
    if (!why)
        return S_OK;
    snprintf(text, sizeof(text), "ppCommandLists[%u] cannot be executed on a D3D12_COMMAND_LIST_TYPE_%s queue: %s; "
            "the call is dropped%s", (unsigned)index, list_type_name(queue_type),
            why, remove_device ? " and the device removed" : "");
    dbg_report(device->debug, id, "ID3D12CommandQueue::ExecuteCommandLists", text);
    if (remove_device)
    {
        /* An open list: DXGI_ERROR_INVALID_CALL (vkd3d's test_device_removed_reason
         * records Windows); an allocator reset under a closed list: the
         * documentation's DXGI_ERROR_DEVICE_REMOVED. */
        mk_device_remove_because(device, id == D3D12_MESSAGE_ID_EXECUTECOMMANDLISTS_OPENCOMMANDLIST
                ? DXGI_ERROR_INVALID_CALL : DXGI_ERROR_DEVICE_REMOVED, "ID3D12CommandQueue::ExecuteCommandLists",
                NULL);
        return DXGI_ERROR_DEVICE_REMOVED;
    }
    return E_INVALIDARG;
}
