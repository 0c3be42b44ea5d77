/*
 * The mock Direct3D 11 runtime (libd3d11.so): D3D11CreateDevice,
 * D3D11CreateDeviceAndSwapChain and D3D11On12CreateDevice over the simulated
 * adapters of libd3d12.so, reached only through exported entry points (each
 * D3D11 device is backed by a D3D12 device of the same adapter, whose
 * CheckFeatureSupport answers feed the rules of data/d3d11-mapping.tsv).
 */
#ifndef MOCKD3D12_D3D11_PRIVATE_H
#define MOCKD3D12_D3D11_PRIVATE_H

#include <limits.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#ifndef COBJMACROS
#define COBJMACROS
#endif
#include <mockd3d12/d3d11.h>

#include "alloc.h"
#include "platform.h"
#include "object.h"
#include "d3d11_messages.h"

/* ---- data/d3d11-mapping.tsv, compiled (tools/gen_d3d11.py mapping) ---- */

struct d3d11_feature_rule
{
    D3D11_FEATURE feature;
    const char *name;
    size_t size;                       /* the exact DataSize */
    mockd3d12_d3d11_runtime runtime;   /* the runtime that introduced it */
};

enum d3d11_source { D3D11_SOURCE_CONST, D3D11_SOURCE_D3D12 };
enum d3d11_op { D3D11_OP_NONE, D3D11_OP_GE, D3D11_OP_AND };

struct d3d11_field_rule
{
    D3D11_FEATURE feature;
    const char *member;
    size_t offset, size;               /* of the member in the D3D11 struct */
    enum d3d11_source source;
    D3D12_FEATURE d3d12_feature;
    size_t d3d12_offset, d3d12_size;   /* of the field in the D3D12 struct */
    UINT constant;
    enum d3d11_op op;
    UINT operand;
    D3D_FEATURE_LEVEL min_level;       /* 0: any */
    UINT cap;                          /* UINT_MAX: none */
    UINT value;                        /* 0: the computed value */
};

extern const struct d3d11_feature_rule d3d11_feature_rules[];
extern const unsigned d3d11_feature_rule_count;
extern const struct d3d11_field_rule d3d11_field_rules[];
extern const unsigned d3d11_field_rule_count;

const struct d3d11_feature_rule *d3d11_find_feature(D3D11_FEATURE feature);

/* ---- data/d3d11-format-levels.tsv, compiled (tools/gen_d3d11.py formats) ---- */

/* DXGI_FORMAT values the table covers (data/format-support.tsv's highest + 1). */
#define D3D11_FORMAT_VALUES 192

struct d3d11_format_level
{
    D3D_FEATURE_LEVEL level;
    UINT support[D3D11_FORMAT_VALUES][2]; /* FORMAT_SUPPORT, FORMAT_SUPPORT2 bits the level allows */
};

extern const struct d3d11_format_level d3d11_format_levels[];
extern const unsigned d3d11_format_level_count;

/* ---- data/d3d11-resource-rules.tsv, compiled (tools/gen_d3d11.py resources) ---- */

enum d3d11_resource_kind { D3D11_RESOURCE_KIND_ANY, D3D11_RESOURCE_KIND_BUFFER, D3D11_RESOURCE_KIND_TEXTURE };

struct d3d11_usage_rule
{
    D3D11_USAGE usage;
    enum d3d11_resource_kind kind;
    UINT bind_allowed;
    bool bind_required;                /* BindFlags may not be 0 */
    UINT cpu_allowed;
    UINT cpu_required;                 /* CPUAccessFlags must include one of these (0: none needed) */
    bool initial_data;                 /* pInitialData required */
    D3D_FEATURE_LEVEL min_level;       /* 0: any */
    mockd3d12_d3d11_runtime min_runtime; /* 0: any */
};

struct d3d11_resource_limit
{
    D3D_FEATURE_LEVEL level;           /* this level and those above it, up to the next row */
    UINT tex1d, tex2d, tex3d, cube, array_size;
};

/* The formats of family (a cast family's TYPELESS parent) also copy to and
 * from those of `others` on devices at `level` or above. */
struct d3d11_copy_rule
{
    DXGI_FORMAT family;
    UINT count;
    DXGI_FORMAT others[2];
    D3D_FEATURE_LEVEL level;
};

extern const struct d3d11_usage_rule d3d11_usage_rules[];
extern const unsigned d3d11_usage_rule_count;
extern const struct d3d11_resource_limit d3d11_resource_limits[];
extern const unsigned d3d11_resource_limit_count;
extern const struct d3d11_copy_rule d3d11_copy_rules[];
extern const unsigned d3d11_copy_rule_count;

/* ---- data/d3d11-state-rules.tsv, compiled (tools/gen_d3d11.py states) ---- */

struct d3d11_query_rule
{
    D3D11_QUERY query;
    const char *name;                  /* without D3D11_QUERY_ */
    D3D_FEATURE_LEVEL min_level;
    bool predicate;                    /* the object is an ID3D11Predicate */
    bool create_predicate;             /* CreatePredicate accepts the type */
    UINT data_size;                    /* ID3D11Asynchronous::GetDataSize */
};

extern const struct d3d11_query_rule d3d11_query_rules[];
extern const unsigned d3d11_query_rule_count;

/* ---- Configuration (src/d3d11/main.c) ---- */

/* The runtime new devices get; 0 (with a message on stderr) when
 * MOCKD3D12_D3D11_RUNTIME is malformed. */
mockd3d12_d3d11_runtime d3d11_current_runtime(void);
/* The highest feature level D3D11CreateDevice knows on `runtime`. */
D3D_FEATURE_LEVEL d3d11_runtime_max_level(mockd3d12_d3d11_runtime runtime);

/* ---- Devices (src/d3d11/device.c) ---- */

struct d3d11_device;

/* The immediate context (one per device, inside it) or a deferred one
 * (src/d3d11/deferred.c). */
/* ---- The pipeline state of a context (src/d3d11/pipeline.c) ---- */

/* The shader stages, in pipeline order: X(abbreviation, prefix, name), the
 * stage's interface being ID3D11<name>Shader (its context methods VSSetShader
 * ..., its device method CreateVertexShader ...). */
#define D3D11_SHADER_STAGES(X) \
    X(VS, vs, Vertex) X(HS, hs, Hull) X(DS, ds, Domain) X(GS, gs, Geometry) X(PS, ps, Pixel) X(CS, cs, Compute)

#define D3D11_STAGE_INDEX(abbreviation, prefix, name) D3D11_STAGE_##abbreviation,
enum d3d11_stage { D3D11_SHADER_STAGES(D3D11_STAGE_INDEX) D3D11_STAGE_COUNT };
#undef D3D11_STAGE_INDEX

/* Every pointer is a bound object's interface (an internal reference on its
 * struct mk_object), or NULL. */
struct d3d11_stage_bindings
{
    void *shader;
    void *cbs[D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT];
    UINT first_constant[D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT];
    UINT num_constants[D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT];
    void *srvs[D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT];
    void *samplers[D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT];
};

struct d3d11_pipeline
{
    struct d3d11_stage_bindings stages[D3D11_STAGE_COUNT];
    void *input_layout;
    void *vbs[D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT];
    UINT strides[D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT], offsets[D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT];
    void *ib;
    DXGI_FORMAT ib_format;
    UINT ib_offset;
    D3D11_PRIMITIVE_TOPOLOGY topology;
    void *rtvs[D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT];
    void *dsv;
    void *om_uavs[D3D11_1_UAV_SLOT_COUNT];  /* slots shared with the render targets */
    void *cs_uavs[D3D11_1_UAV_SLOT_COUNT];
    void *blend;
    FLOAT blend_factor[4];
    UINT sample_mask;
    void *depth_stencil;
    UINT stencil_ref;
    void *rasterizer;
    D3D11_VIEWPORT viewports[D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE];
    D3D11_RECT scissors[D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE];
    UINT viewport_count, scissor_count;
    void *so[D3D11_SO_BUFFER_SLOT_COUNT];
    void *predicate;
    BOOL predicate_value;
};

/* Unbinds everything and returns to the default state (ClearState; also
 * how a context is set up and torn down). */
void d3d11_pipeline_clear(struct d3d11_pipeline *pipeline);

struct d3d11_context
{
    ID3D11DeviceContext4 ID3D11DeviceContext4_iface;
    ID3D11Multithread ID3D11Multithread_iface;  /* the immediate context only (multithread.c) */
    /* Immediate: holds one device reference while nonzero. Deferred: the
     * context holds one for its whole life and is freed at zero. */
    atomic_ulong refcount;
    struct d3d11_device *device;
    D3D11_DEVICE_CONTEXT_TYPE type;
    UINT flags;                 /* GetContextFlags: CreateDeferredContext's ContextFlags */
    struct mk_private_data private_data;
    struct d3d11_pipeline pipeline;

    /* ID3D11Multithread: a recursive lock (owner thread, depth) and the switch. */
    mk_mutex mt_lock;
    mk_cond mt_released;
    const void *mt_owner;
    unsigned mt_depth;
    atomic_bool mt_protected;
};

extern const ID3D11MultithreadVtbl d3d11_multithread_vtbl;
void d3d11_multithread_init(struct d3d11_context *context);
void d3d11_multithread_cleanup(struct d3d11_context *context);

/* Fills in a context's fields (not its reference count). */
void d3d11_context_init(struct d3d11_context *context, struct d3d11_device *device, D3D11_DEVICE_CONTEXT_TYPE type,
        UINT flags);

struct d3d11_device
{
    ID3D11Device5 ID3D11Device5_iface;
    ID3D11On12Device2 ID3D11On12Device2_iface; /* ID3D11On12Device, 1 and 2 */
    IDXGIDevice4 IDXGIDevice4_iface;    /* src/d3d11/dxgi_device.c */
    ID3D11Debug ID3D11Debug_iface;      /* with the debug layer (src/d3d11/debug.c) */
    ID3D11InfoQueue ID3D11InfoQueue_iface;
    /* Its counts, private data (one store for ID3D11Device and IDXGIDevice)
     * and parent, the adapter (IDXGIObject::GetParent). */
    struct mk_object obj;

    struct d3d11_debug *debug;  /* D3D11_CREATE_DEVICE_DEBUG: the layer's state; else NULL */
    char adapter_name[64];      /* the adapter's profile id, for messages */

    IDXGIAdapter *adapter;      /* obj.parent, as an adapter: IDXGIDevice::GetAdapter */
    atomic_int gpu_priority;    /* IDXGIDevice::SetGPUThreadPriority */
    atomic_uint frame_latency;  /* IDXGIDevice1::SetMaximumFrameLatency */

    ID3D12Device *d3d12;        /* holds a reference: the adapter's capabilities */
    D3D_FEATURE_LEVEL feature_level;
    UINT flags;
    mockd3d12_d3d11_runtime runtime;
    bool on12;                  /* created by D3D11On12CreateDevice */
    bool traced;                /* MOCKD3D12_TRACE was on at creation: its queries are recorded */
    const char *adapter_id;     /* for the trace's records (lives as long as the process), or NULL */
    UINT node_mask;             /* 11on12: the node used (one bit) */
    ID3D12CommandQueue **queues; /* 11on12: held references */
    UINT queue_count;
    /* 11on12: the immediate context's Flush signals flush_fence (made on the
     * first Flush) on queues[0] to ++flush_count (src/d3d11/on12.c). */
    mk_mutex flush_lock;
    ID3D12Fence *flush_fence;
    UINT64 flush_count;

    struct d3d11_context context;

    /* Its live objects, by enum d3d11_kind (the state objects: one per
     * description, src/d3d11/state.c). */
    struct mk_registry children;
};

/* The device and a context behind their interfaces (this library's own:
 * the vtables of d3d11_methods.h lead only here). */
static inline struct d3d11_device *d3d11_device_from_iface(ID3D11Device5 *iface)
{
    return (struct d3d11_device *)((char *)iface - offsetof(struct d3d11_device, ID3D11Device5_iface));
}

/* DXGI_ERROR_DEVICE_REMOVED once the D3D12 device behind `device` is
 * removed (its adapter's removal, docs/faults.md), else S_OK: a creation
 * that would make an object makes none then. */
HRESULT d3d11_device_removed(struct d3d11_device *device);

static inline struct d3d11_context *d3d11_context_from_iface(ID3D11DeviceContext4 *iface)
{
    return (struct d3d11_context *)((char *)iface - offsetof(struct d3d11_context, ID3D11DeviceContext4_iface));
}

struct d3d11_device_desc
{
    ID3D12Device *d3d12;
    IDXGIAdapter *adapter;      /* the device takes its own reference */
    D3D_FEATURE_LEVEL feature_level;
    UINT flags;
    mockd3d12_d3d11_runtime runtime;
    bool on12;
    UINT node_mask;
    ID3D12CommandQueue *const *queues;
    UINT queue_count;
};

/* A device (refcount 1) that takes its own references to desc->d3d12 and the
 * queues. */
HRESULT d3d11_device_create(const struct d3d11_device_desc *desc, struct d3d11_device **out);

/* ID3D12Device::GetAdapterLuid. */
LUID d3d11_adapter_luid(ID3D12Device *d3d12);

/* The libdxgi adapter a device on `d3d12` reports (IDXGIDevice::GetAdapter):
 * `given` itself when it is a DXGI adapter, else the one libdxgi enumerates
 * for the D3D12 device's adapter. */
HRESULT d3d11_dxgi_adapter(IUnknown *given, ID3D12Device *d3d12, IDXGIAdapter **out);

/* What a device of `level` reports for `format` (CheckFormatSupport's one
 * implementation, src/d3d11/device.c). E_INVALIDARG: not a format. */
HRESULT d3d11_format_support(ID3D12Device *d3d12, D3D_FEATURE_LEVEL level, DXGI_FORMAT format, UINT *support1,
        UINT *support2);
/* CheckMultisampleQualityLevels' implementation (levels: the quality count). */
HRESULT d3d11_quality_levels(struct d3d11_device *device, DXGI_FORMAT format, UINT count, UINT flags, UINT *levels);

/* ---- The debug layer (src/d3d11/debug.c, data/d3d11-messages.tsv) ---- */

struct d3d11_message_entry
{
    UINT id;                    /* D3D11_MESSAGE_ID */
    const char *name;           /* without D3D11_MESSAGE_ID_ */
    UINT category, severity;
    const char *format;
};
extern const struct d3d11_message_entry d3d11_messages[];
extern const char *const d3d11_message_categories[];
extern const char *const d3d11_message_severities[];

extern const ID3D11DebugVtbl d3d11_debug_vtbl;
extern const ID3D11InfoQueueVtbl d3d11_info_queue_vtbl;
HRESULT d3d11_debug_create(struct d3d11_device *device);
void d3d11_debug_destroy(struct d3d11_device *device);
/* Puts message `key` (its format's arguments follow) in the device's info
 * queue; nothing without the debug layer. */
void d3d11_report(const struct d3d11_device *device, enum d3d11_message_key key, ...);
/* The adapter's id for messages. */
const char *d3d11_device_adapter_name(const struct d3d11_device *device);

/* ---- IDXGIDevice ... IDXGIDevice4 (src/d3d11/dxgi_device.c) ---- */

extern const IDXGIDevice4Vtbl d3d11_dxgi_device_vtbl;
void d3d11_dxgi_device_init(struct d3d11_device *device);

/* Hands the device and/or its immediate context to the caller's out pointers
 * (either may be NULL) and drops the creation reference. */
void d3d11_device_hand_out(struct d3d11_device *device, ID3D11Device **device_out,
        ID3D11DeviceContext **context_out);

/* ---- The capability trace (src/d3d11/trace.c, docs/trace.md) ---- */

/* The registered adapter id of d3d12's adapter (lives as long as the process), or NULL. */
const char *d3d11_trace_adapter_id(ID3D12Device *d3d12);
void d3d11_trace_create_device(const char *entry, D3D_DRIVER_TYPE driver_type, UINT flags,
        const D3D_FEATURE_LEVEL *levels, UINT level_count, const char *adapter_id, D3D_FEATURE_LEVEL chosen,
        HRESULT hr);
void d3d11_trace_feature(const struct d3d11_device *device, D3D11_FEATURE feature, const void *data, UINT size,
        HRESULT hr);
/* CheckFormatSupport (result: the support bits) and CheckMultisampleQualityLevels(1)
 * (result: the number of quality levels), named by entry. */
void d3d11_trace_format(const struct d3d11_device *device, const char *entry, DXGI_FORMAT format, UINT sample_count,
        UINT flags, UINT result, HRESULT hr);

/* The D3D12 device's highest feature level (FEATURE_LEVELS), or 0. */
D3D_FEATURE_LEVEL d3d11_d3d12_max_level(ID3D12Device *device);

/* The CheckFeatureSupport walk, usable without a device object (the CLI and
 * tests use it through the device). */
HRESULT d3d11_check_feature(ID3D12Device *d3d12, mockd3d12_d3d11_runtime runtime, D3D_FEATURE_LEVEL level,
        D3D11_FEATURE feature, void *data, UINT size);

static inline bool d3d11_iid_equal(REFIID a, REFIID b)
{
    return !memcmp(a, b, sizeof(GUID));
}

/* ---- The device's children (src/d3d11/child.c) ---- */

/* Every object a device creates (resources, views, shaders, states,
 * queries) is a struct mk_object (src/com/object.h) of one of these kinds in
 * the device's registry, its parent the device, held while the application
 * holds the object (MK_OBJECT_PARENT_WHILE_PUBLIC): the application's last
 * Release of the device destroys it even with objects still bound (Wine's
 * test_state_refcounting), which unbinds them. A context binds an object
 * with an internal reference: after PSSetSamplers the application's Release
 * returns 0 and PSGetSamplers still returns the sampler. The shared state
 * objects are found again in the registry (a lookup may revive one the
 * application released while it is bound). */
enum d3d11_kind
{
    D3D11_KIND_RESOURCE,
    D3D11_KIND_VIEW,
    D3D11_KIND_SHADER,
    D3D11_KIND_SAMPLER,
    D3D11_KIND_BLEND,
    D3D11_KIND_DEPTH_STENCIL,
    D3D11_KIND_RASTERIZER,
    D3D11_KIND_QUERY,
};

/* The private interface through which a context finds the struct mk_object
 * of one of this library's objects: every child class's self_iid (no
 * application asks for it). */
extern const GUID mk_d3d11_child_iid;

/* The object behind one of this library's objects, or NULL (NULL, or
 * another implementation's object). */
struct mk_object *d3d11_object_of(void *iface);

/* The device of a child (its parent). */
struct d3d11_device *d3d11_device_of(const struct mk_object *object);

/* The condition of a conditional interface entry of this library
 * (MK_INTERFACE_IF's arg, which the class's mk_object_class.available
 * decides): a class's own kind of condition in the high half (0: none but
 * the runtime), the least runtime (mockd3d12_d3d11_runtime) in the low half. */
#define D3D11_CONDITION(kind, runtime) ((uint32_t)(kind) << 16 | (uint32_t)(runtime))
static inline unsigned d3d11_condition_kind(uint32_t condition)
{
    return condition >> 16;
}
static inline mockd3d12_d3d11_runtime d3d11_condition_runtime(uint32_t condition)
{
    return (mockd3d12_d3d11_runtime)(condition & 0xffffu);
}

/* The device's runtime is at least the condition's (an available() of a
 * class whose conditions are runtimes only): the ...1 and ...2 interfaces. */
bool d3d11_runtime_at_least(const struct mk_object *object, uint32_t condition);

/* ---- The IUnknown and ID3D11DeviceChild methods of a device child ---- */

/* prefix##_QueryInterface ... prefix##_SetPrivateDataInterface for interface
 * IFACE over the struct mk_object OBJ(iface) returns. D3D11_CHILD_VTBL_ENTRIES
 * lists them in vtable order. */
#define D3D11_CHILD_METHODS(IFACE, prefix, OBJ) \
    MK_IUNKNOWN_METHODS(prefix, IFACE, OBJ) \
    static void STDMETHODCALLTYPE prefix##_GetDevice(IFACE *iface, ID3D11Device **out) \
    { \
        IUnknown *device = OBJ(iface)->parent; \
        if (!out) \
            return; \
        device->lpVtbl->AddRef(device); \
        *out = (ID3D11Device *)device; \
    } \
    MK_PRIVATE_DATA_GET_SET_METHODS(prefix, IFACE, OBJ)

#define D3D11_CHILD_VTBL_ENTRIES(prefix) \
    prefix##_QueryInterface, prefix##_AddRef, prefix##_Release, prefix##_GetDevice, prefix##_GetPrivateData, \
    prefix##_SetPrivateData, prefix##_SetPrivateDataInterface

#endif
