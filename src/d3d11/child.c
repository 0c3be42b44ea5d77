/*
 * What every child of a D3D11 device shares (d3d11_private.h, "The device's
 * children"): how a context finds the object behind an interface, and the
 * runtime its interfaces depend on.
 */
#include "d3d11_private.h"
#include "d3d11_methods.h"

/* {6d6b6433-6431-3163-6869-6c6400000001}: "mkd3d11child". */
const GUID mk_d3d11_child_iid = {0x6d6b6433, 0x6431, 0x3163, {0x68, 0x69, 0x6c, 0x64, 0x00, 0x00, 0x00, 0x01}};

struct mk_object *d3d11_object_of(void *iface)
{
    IUnknown *unknown = iface;
    struct mk_object *object = NULL;

    if (!unknown || FAILED(unknown->lpVtbl->QueryInterface(unknown, &mk_d3d11_child_iid, (void **)&object)))
        return NULL;
    return object;
}

struct d3d11_device *d3d11_device_of(const struct mk_object *object)
{
    return d3d11_device_from_iface((ID3D11Device5 *)object->parent);
}

bool d3d11_runtime_at_least(const struct mk_object *object, uint32_t condition)
{
    return d3d11_device_of(object)->runtime >= d3d11_condition_runtime(condition);
}
