/*
 * ID3D12QueryHeap. What Windows does, as the public conformance tests record
 * it (vkd3d's tests/d3d12.c and vkd3d-proton's tests/d3d12_query.c, run on
 * Windows: test_create_query_heap; test_object_interface for the
 * interfaces): the heap answers ID3D12Object, ID3D12DeviceChild,
 * ID3D12Pageable and holds a device reference. It has no method of its own.
 */
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "query_heap.h"

static const ID3D12QueryHeapVtbl d3d12_query_heap_vtbl;

MK_OBJECT_HELPERS(struct obj_query_heap, ID3D12QueryHeap, ID3D12QueryHeap_iface,
        impl_from_ID3D12QueryHeap, query_heap_object)

/* ---- The object ---- */

static void query_heap_destroy(struct mk_object *object)
{
    mk_free(MK_OBJECT_IMPL(struct obj_query_heap, obj, object)->timestamps);
}

static const struct mk_interface query_heap_interfaces[] =
{
    MK_INTERFACE_AT(struct obj_query_heap, obj, ID3D12QueryHeap_iface, IID_ID3D12QueryHeap),
    OBJ_PAGEABLE_INTERFACES(struct obj_query_heap, ID3D12QueryHeap_iface),
};

static const struct mk_object_class query_heap_class = MK_OBJECT_CLASS(struct obj_query_heap, query_heap_interfaces,
        .name = "ID3D12QueryHeap", .kind = OBJ_KIND_QUERY_HEAP, .destroy = query_heap_destroy);

MK_D3D12_CHILD_METHODS(d3d12_query_heap, ID3D12QueryHeap, query_heap_object)

static const ID3D12QueryHeapVtbl d3d12_query_heap_vtbl =
{
    MK_D3D12_CHILD_VTBL(d3d12_query_heap),
    /* ID3D12Pageable and ID3D12QueryHeap have no methods. */
};

struct obj_query_heap *obj_query_heap_from_iface(ID3D12QueryHeap *iface)
{
    if (!iface || (const void *)iface->lpVtbl != (const void *)&d3d12_query_heap_vtbl)
        return NULL;
    return impl_from_ID3D12QueryHeap(iface);
}

/* ---- Queries ---- */

/* Per D3D12_QUERY_TYPE: its name, the heap type it lives in and its
 * resolved size (the documentation of ResolveQueryData and of each
 * D3D12_QUERY_DATA_* struct). VIDEO_DECODE_STATISTICS (8, video lists
 * only) is not resolved by mockd3d12; 9 is no type. */
static const struct query_rule
{
    char name[32];      /* "" for no type; an array: nothing for the loader to relocate */
    D3D12_QUERY_HEAP_TYPE heap_type;
    UINT size;
}
query_rules[] =
{
    [D3D12_QUERY_TYPE_OCCLUSION] = {"OCCLUSION", D3D12_QUERY_HEAP_TYPE_OCCLUSION, sizeof(UINT64)},
    [D3D12_QUERY_TYPE_BINARY_OCCLUSION] = {"BINARY_OCCLUSION", D3D12_QUERY_HEAP_TYPE_OCCLUSION, sizeof(UINT64)},
    [D3D12_QUERY_TYPE_TIMESTAMP] = {"TIMESTAMP", D3D12_QUERY_HEAP_TYPE_TIMESTAMP, sizeof(UINT64)},
    [D3D12_QUERY_TYPE_PIPELINE_STATISTICS] = {"PIPELINE_STATISTICS", D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS,
            sizeof(D3D12_QUERY_DATA_PIPELINE_STATISTICS)},
    [D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0] = {"SO_STATISTICS_STREAM0", D3D12_QUERY_HEAP_TYPE_SO_STATISTICS,
            sizeof(D3D12_QUERY_DATA_SO_STATISTICS)},
    [D3D12_QUERY_TYPE_SO_STATISTICS_STREAM1] = {"SO_STATISTICS_STREAM1", D3D12_QUERY_HEAP_TYPE_SO_STATISTICS,
            sizeof(D3D12_QUERY_DATA_SO_STATISTICS)},
    [D3D12_QUERY_TYPE_SO_STATISTICS_STREAM2] = {"SO_STATISTICS_STREAM2", D3D12_QUERY_HEAP_TYPE_SO_STATISTICS,
            sizeof(D3D12_QUERY_DATA_SO_STATISTICS)},
    [D3D12_QUERY_TYPE_SO_STATISTICS_STREAM3] = {"SO_STATISTICS_STREAM3", D3D12_QUERY_HEAP_TYPE_SO_STATISTICS,
            sizeof(D3D12_QUERY_DATA_SO_STATISTICS)},
    [D3D12_QUERY_TYPE_PIPELINE_STATISTICS1] = {"PIPELINE_STATISTICS1", D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS1,
            sizeof(D3D12_QUERY_DATA_PIPELINE_STATISTICS1)},
};

static const struct query_rule *query_rule(D3D12_QUERY_TYPE type)
{
    if ((unsigned)type >= sizeof(query_rules) / sizeof(query_rules[0]) || !query_rules[type].name[0])
        return NULL;
    return &query_rules[type];
}

UINT obj_query_data_size(D3D12_QUERY_TYPE type)
{
    const struct query_rule *rule = query_rule(type);

    return rule ? rule->size : 0;
}

bool obj_query_type_in_heap(D3D12_QUERY_TYPE type, D3D12_QUERY_HEAP_TYPE heap_type)
{
    const struct query_rule *rule = query_rule(type);

    if (!rule)
        return false;
    if (type == D3D12_QUERY_TYPE_TIMESTAMP && heap_type == D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP)
        return true;
    return rule->heap_type == heap_type;
}

const char *obj_query_type_name(D3D12_QUERY_TYPE type)
{
    const struct query_rule *rule = query_rule(type);

    return rule ? rule->name : "?";
}

const char *obj_query_heap_type_name(D3D12_QUERY_HEAP_TYPE type)
{
    static const char names[][24] =
    {
        "OCCLUSION", "TIMESTAMP", "PIPELINE_STATISTICS", "SO_STATISTICS", "VIDEO_DECODE_STATISTICS",
        "COPY_QUEUE_TIMESTAMP", "", "PIPELINE_STATISTICS1",
    };

    if ((unsigned)type >= sizeof(names) / sizeof(names[0]) || !names[type][0])
        return "?";
    return names[type];
}

static bool heap_has_timestamps(D3D12_QUERY_HEAP_TYPE type)
{
    return type == D3D12_QUERY_HEAP_TYPE_TIMESTAMP || type == D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP;
}

const char *obj_query_heap_check_range(const struct obj_query_heap *heap, D3D12_QUERY_TYPE type, UINT start,
        UINT count, char *why, size_t size)
{
    if (!query_rule(type))
        snprintf(why, size, "Type %u is no D3D12_QUERY_TYPE mockd3d12 resolves", (unsigned)type);
    else if (!obj_query_type_in_heap(type, heap->desc.Type))
        snprintf(why, size, "a D3D12_QUERY_TYPE_%s query does not live in a D3D12_QUERY_HEAP_TYPE_%s heap",
                obj_query_type_name(type), obj_query_heap_type_name(heap->desc.Type));
    else if (start >= heap->desc.Count || count > heap->desc.Count - start)
        snprintf(why, size, "queries %u to %llu are not all in the heap of %u", start,
                (unsigned long long)start + count - (count ? 1 : 0), heap->desc.Count);
    else
        return NULL;
    return why;
}

void obj_query_heap_write_timestamp(struct obj_query_heap *heap, UINT index, UINT64 value)
{
    if (heap->timestamps && index < heap->desc.Count)
        atomic_store_explicit(&heap->timestamps[index], value, memory_order_relaxed);
}

void obj_query_heap_resolve(const struct obj_query_heap *heap, D3D12_QUERY_TYPE type, UINT start, UINT count,
        void *out)
{
    unsigned char *bytes = out;
    UINT i;

    if (type != D3D12_QUERY_TYPE_TIMESTAMP || !heap->timestamps)
    {
        memset(out, 0, (size_t)count * obj_query_data_size(type));
        return;
    }
    for (i = 0; i < count; ++i)
    {
        UINT64 value = atomic_load_explicit(&heap->timestamps[start + i], memory_order_relaxed);

        memcpy(bytes + (size_t)i * sizeof(value), &value, sizeof(value));
    }
}

HRESULT obj_query_heap_create(struct obj_device *owner, const D3D12_QUERY_HEAP_DESC *desc,
        D3D12_QUERY_HEAP_FLAGS flags, struct obj_query_heap **out)
{
    struct obj_query_heap *heap;

    *out = NULL;
    if (!(heap = mk_calloc(1, sizeof(*heap))))
        return E_OUTOFMEMORY;
    /* CONST_VTBL is empty in the WSL stubs: the pointer is not const-qualified. */
    heap->ID3D12QueryHeap_iface.lpVtbl = (ID3D12QueryHeapVtbl *)&d3d12_query_heap_vtbl;
    if (heap_has_timestamps(desc->Type))
    {
        if (!(heap->timestamps = mk_calloc(desc->Count, sizeof(*heap->timestamps))))
        {
            mk_free(heap);
            return E_OUTOFMEMORY;
        }
    }
    heap->desc = *desc;
    heap->desc.NodeMask = desc->NodeMask ? desc->NodeMask : 1;
    heap->flags = flags;
    mk_object_init(&heap->obj, &query_heap_class, (IUnknown *)owner->device, &owner->registry);

    *out = heap;
    return S_OK;
}
