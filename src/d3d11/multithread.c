/*
 * ID3D11Multithread on the immediate context (docs/d3d11.md): a recursive
 * lock for the application (Enter/Leave, the same thread may enter again)
 * and the protection switch, off by default (Wine's test_immediate_context
 * records FALSE on Windows). The mock's context methods keep no state, so
 * protection changes nothing else. Deferred contexts do not expose it.
 */
#include "d3d11_private.h"
#include "d3d11_methods.h"

/* An address unique to the calling thread: its own thread-local byte. */
static const void *current_thread(void)
{
    static _Thread_local char anchor;

    return &anchor;
}

static inline struct d3d11_context *impl_from_ID3D11Multithread(ID3D11Multithread *iface)
{
    return (struct d3d11_context *)((char *)iface - offsetof(struct d3d11_context, ID3D11Multithread_iface));
}

void d3d11_multithread_init(struct d3d11_context *context)
{
    /* mingw-w64 declares lpVtbl without const; the table is never written. */
    context->ID3D11Multithread_iface.lpVtbl = (ID3D11MultithreadVtbl *)&d3d11_multithread_vtbl;
    mk_mutex_init(&context->mt_lock);
    mk_cond_init(&context->mt_released);
    context->mt_owner = NULL;
    context->mt_depth = 0;
    atomic_init(&context->mt_protected, false);
}

void d3d11_multithread_cleanup(struct d3d11_context *context)
{
    mk_cond_destroy(&context->mt_released);
    mk_mutex_destroy(&context->mt_lock);
}

/* IUnknown methods: the context's. */
static IUnknown *d3d11_multithread_outer(ID3D11Multithread *iface)
{
    return (IUnknown *)&impl_from_ID3D11Multithread(iface)->ID3D11DeviceContext4_iface;
}

MK_DELEGATING_METHODS(d3d11_multithread, ID3D11Multithread, d3d11_multithread_outer)

/* ID3D11Multithread methods */

static void STDMETHODCALLTYPE d3d11_multithread_Enter(ID3D11Multithread *iface)
{
    struct d3d11_context *context = impl_from_ID3D11Multithread(iface);
    const void *self = current_thread();

    mk_mutex_lock(&context->mt_lock);
    if (context->mt_depth && context->mt_owner == self)
    {
        ++context->mt_depth;
    }
    else
    {
        while (context->mt_depth)
            mk_cond_wait(&context->mt_released, &context->mt_lock);
        context->mt_owner = self;
        context->mt_depth = 1;
    }
    mk_mutex_unlock(&context->mt_lock);
}

/* A Leave by a thread that did not Enter is ignored. */
static void STDMETHODCALLTYPE d3d11_multithread_Leave(ID3D11Multithread *iface)
{
    struct d3d11_context *context = impl_from_ID3D11Multithread(iface);

    mk_mutex_lock(&context->mt_lock);
    if (context->mt_depth && context->mt_owner == current_thread() && !--context->mt_depth)
    {
        context->mt_owner = NULL;
        mk_cond_broadcast(&context->mt_released);
    }
    mk_mutex_unlock(&context->mt_lock);
}

/* Returns the previous setting. */
static WINBOOL STDMETHODCALLTYPE d3d11_multithread_SetMultithreadProtected(ID3D11Multithread *iface, WINBOOL enable)
{
    return atomic_exchange(&impl_from_ID3D11Multithread(iface)->mt_protected, !!enable) ? TRUE : FALSE;
}

static WINBOOL STDMETHODCALLTYPE d3d11_multithread_GetMultithreadProtected(ID3D11Multithread *iface)
{
    return atomic_load(&impl_from_ID3D11Multithread(iface)->mt_protected) ? TRUE : FALSE;
}

const ID3D11MultithreadVtbl d3d11_multithread_vtbl =
{
    /* IUnknown methods */
    d3d11_multithread_QueryInterface,
    d3d11_multithread_AddRef,
    d3d11_multithread_Release,
    /* ID3D11Multithread methods */
    d3d11_multithread_Enter,
    d3d11_multithread_Leave,
    d3d11_multithread_SetMultithreadProtected,
    d3d11_multithread_GetMultithreadProtected,
};
