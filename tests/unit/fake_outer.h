/*
 * A fake device for the suites that test the debug layer on its own
 * (dbg_device_create() with no device code): the outer IUnknown its
 * interfaces forward to. QueryInterface answers IUnknown itself and asks the
 * debug layer for everything else; the reference count is what the tests
 * check. Include after mk_test.h (with MK_TEST_INTERNAL: dbg_private.h).
 */
#ifndef MOCKD3D12_TESTS_FAKE_OUTER_H
#define MOCKD3D12_TESTS_FAKE_OUTER_H

struct fake_outer
{
    IUnknown IUnknown_iface;
    atomic_ulong refcount;
    struct dbg_device *dbg;
};

static inline struct fake_outer *impl_from_IUnknown(IUnknown *iface)
{
    return (struct fake_outer *)((char *)iface - offsetof(struct fake_outer, IUnknown_iface));
}

static inline HRESULT STDMETHODCALLTYPE fake_QueryInterface(IUnknown *iface, REFIID riid, void **out)
{
    struct fake_outer *outer = impl_from_IUnknown(iface);

    if (!memcmp(riid, &IID_IUnknown, sizeof(IID)))
    {
        atomic_fetch_add(&outer->refcount, 1);
        *out = iface;
        return S_OK;
    }
    return dbg_device_query_interface(outer->dbg, riid, out);
}

static inline ULONG STDMETHODCALLTYPE fake_AddRef(IUnknown *iface)
{
    return (ULONG)atomic_fetch_add(&impl_from_IUnknown(iface)->refcount, 1) + 1;
}

static inline ULONG STDMETHODCALLTYPE fake_Release(IUnknown *iface)
{
    return (ULONG)atomic_fetch_sub(&impl_from_IUnknown(iface)->refcount, 1) - 1;
}

static IUnknownVtbl fake_vtbl = {fake_QueryInterface, fake_AddRef, fake_Release};

#endif
