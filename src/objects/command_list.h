/*
 * ID3D12CommandAllocator and ID3D12GraphicsCommandList (… the newest
 * ID3D12GraphicsCommandList<N> the headers declare): lists that record
 * nothing, with the state rules of the real runtime (created open, Close /
 * Reset, one open list per allocator) and the capability gates of
 * data/command-list-gates.tsv.
 *
 * The device's struct obj_device (obj_device.h) answers which gates the
 * adapter passes for a list type, reports to the debug layer and says what
 * its runtime knows; its list_lock guards the state rules.
 */
#ifndef MOCKD3D12_COMMAND_LIST_H
#define MOCKD3D12_COMMAND_LIST_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <mockd3d12/d3d12.h>

#include "platform.h"
#include "obj_device.h"

struct obj_command_allocator;
struct obj_command_list;
struct obj_query_heap;
struct obj_resource;

/* How a gate's field is tested (data/command-list-gates.tsv's "test"). */
enum obj_gate_kind
{
    OBJ_GATE_AT_LEAST,  /* the field is at least the named enum value */
    OBJ_GATE_NONZERO,   /* the field is not zero */
    OBJ_GATE_LIST_TYPE, /* the field has the bit 1 << the list's type */
};

/* One gate (its method and interface are the generated row's comment; a
 * refused call names its method itself): the feature field that reports it,
 * the test, and the message the debug layer reports when the adapter fails it. */
struct obj_command_list_gate
{
    uint16_t field;        /* enum mk_field_id, e.g. MK_FIELD_D3D12_OPTIONS7_MeshShaderTier */
    uint8_t kind;          /* enum obj_gate_kind */
    uint32_t minimum;      /* OBJ_GATE_AT_LEAST: the enum value, e.g. D3D12_MESH_SHADER_TIER_1 */
    D3D12_MESSAGE_ID message;
};

/* The gates of the methods the headers declare (generated). At most 64. */
extern const struct obj_command_list_gate obj_command_list_gates[];
extern const size_t obj_command_list_gate_count;

/* ---- ID3D12CommandAllocator ---- */

struct obj_command_allocator
{
    ID3D12CommandAllocator ID3D12CommandAllocator_iface;
    struct mk_object obj;
    D3D12_COMMAND_LIST_TYPE type;
    struct obj_command_list *recording; /* the open list recording into it, under owner->list_lock */
    /* Reset calls that succeeded: written under owner->list_lock, read
     * without it by ExecuteCommandLists (a list holds the allocator alive). */
    _Atomic uint64_t resets;
};

/* An allocator of `type` (the caller's to validate), refcount 1, holding a
 * reference on owner->device. E_OUTOFMEMORY. */
HRESULT obj_command_allocator_create(struct obj_device *owner, D3D12_COMMAND_LIST_TYPE type,
        struct obj_command_allocator **out);

/* The mockd3d12 allocator behind `iface`, or NULL for any other object
 * (NULL, or an allocator of another implementation). */
struct obj_command_allocator *obj_command_allocator_from_iface(ID3D12CommandAllocator *iface);

static inline ID3D12CommandAllocator *obj_command_allocator_iface(struct obj_command_allocator *allocator)
{
    return &allocator->ID3D12CommandAllocator_iface;
}

/* ---- ID3D12GraphicsCommandList ---- */

/* The work a list records (the rest of its calls record nothing): what its
 * execution does. Each command retains its heap and resource. */
enum obj_list_command_kind
{
    OBJ_LIST_END_TIMESTAMP, /* EndQuery(TIMESTAMP): the queue's clock into heap query `start` */
    OBJ_LIST_RESOLVE,       /* ResolveQueryData into `dest`'s memory at `offset` */
};

struct obj_list_command
{
    enum obj_list_command_kind kind;
    struct obj_query_heap *heap;
    D3D12_QUERY_TYPE type;
    UINT start, count;
    struct obj_resource *dest; /* OBJ_LIST_RESOLVE */
    UINT64 offset;
};

/* A query BeginQuery began and no EndQuery ended yet, in this recording. */
struct obj_list_open_query
{
    const struct obj_query_heap *heap; /* compared, never followed */
    D3D12_QUERY_TYPE type;
    UINT index;
};

/* A context string of DRED's breadcrumbs: the text SetMarker or BeginEvent
 * gave the operation `index` of the list's history. */
struct obj_breadcrumb_context
{
    UINT index;
    WCHAR *text;
};

struct obj_command_list
{
    ID3D12GraphicsCommandList ID3D12GraphicsCommandList_iface; /* every version shares this vtable */
    struct mk_object obj;
    D3D12_COMMAND_LIST_TYPE type;
    uint64_t gates; /* owner->ops->list_gates(type), taken at creation */

    /* Changed under owner->list_lock; read without it by the recording calls
     * and by ExecuteCommandLists, which reads what follows only once it saw
     * the list closed (Close's store publishes them). */
    atomic_bool open;
    /* Under owner->list_lock: the allocator it records (or last recorded)
     * into, with an internal reference on it, NULL when it has had none
     * (CreateCommandList1); and the allocator's `resets` when the list was
     * last closed. */
    struct obj_command_allocator *allocator;
    uint64_t allocator_resets;
    /* What Close answers for the recording: S_OK, E_FAIL (a call the device
     * cannot take), E_INVALIDARG (an invalid argument). Written by the
     * recording calls, which only the thread recording the list makes. */
    HRESULT recording_hr;
    /* The recording's commands and open queries, written by the recording
     * calls (one thread) and read by the queue executing the closed list. */
    struct obj_list_command *commands;
    size_t command_count, command_capacity;
    struct obj_list_open_query *open_queries;
    size_t open_query_count, open_query_capacity;
    /* DRED (docs/faults.md): enum obj_dred_flags, the device's when the list
     * was created. Without OBJ_DRED_BREADCRUMBS nothing below is recorded;
     * with it, the recording's operations in order (data/dred-ops.tsv) and,
     * with OBJ_DRED_CONTEXT, the text of its markers and events. Written
     * by the recording calls, read by the queue executing the closed list. */
    unsigned dred;
    D3D12_AUTO_BREADCRUMB_OP *ops;
    size_t op_count, op_capacity;
    struct obj_breadcrumb_context *contexts;
    size_t context_count, context_capacity;
};

/* A list of `type` recording into `allocator` (open), or with no allocator
 * and closed (`allocator` NULL: CreateCommandList1). The caller validated
 * the type. E_INVALIDARG when `allocator` cannot take it — of another
 * device or type, or another open list records into it — with the debug
 * layer's message id and the reason in `id` and `why` (checked and taken
 * under the owner's lock, so two threads never both get it);
 * E_OUTOFMEMORY. */
HRESULT obj_command_list_create(struct obj_device *owner, D3D12_COMMAND_LIST_TYPE type,
        struct obj_command_allocator *allocator, struct obj_command_list **out, D3D12_MESSAGE_ID *id,
        const char **why);

/* The mockd3d12 list behind `iface` (NULL for anything else). */
struct obj_command_list *obj_command_list_from_iface(ID3D12CommandList *iface);

/* Why `list` cannot be executed on a queue of `queue_type` now: NULL when it
 * can, else the reason, with the message id the debug layer reports and
 * whether the runtime also removes the device (the allocator was reset
 * after Close). As the documentation of ExecuteCommandLists says. */
const char *obj_command_list_check_execute(struct obj_command_list *list, struct obj_device *owner,
        D3D12_COMMAND_LIST_TYPE queue_type, D3D12_MESSAGE_ID *id, bool *remove_device);

/* Performs a closed list that obj_command_list_check_execute accepted: its
 * timestamps take `clock(ctx)` (the queue's GPU clock, sampled per
 * timestamp) and its resolves write the destinations' CPU memory (a
 * destination with none, on a DEFAULT heap, gets nothing). */
void obj_command_list_execute(struct obj_command_list *list, UINT64 (*clock)(void *ctx), void *ctx);

static inline ID3D12GraphicsCommandList *obj_command_list_iface(struct obj_command_list *list)
{
    return &list->ID3D12GraphicsCommandList_iface;
}

#endif
