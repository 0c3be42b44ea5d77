/*
 * DRED, Device Removed Extended Data (docs/faults.md, "DRED"): the device's
 * ID3D12DeviceRemovedExtendedData, …1 and …2, and what it keeps for them when
 * the process's DRED settings (src/debuglayer/dred_settings.c) turned a part
 * on before the device was created: the command lists each queue executed,
 * with the operations each recorded (auto-breadcrumbs), and the heaps and
 * resources freed lately (page faults). With every part off a device keeps
 * nothing and its lists record nothing.
 */
#ifndef MOCKD3D12_DRED_H
#define MOCKD3D12_DRED_H

#include <mockd3d12/d3d12.h>

#include "faults.h"

struct mk_device;
struct mk_dred;

/* The most recent executions of command lists a device keeps (over all its
 * queues), and the most recent freed allocations. */
#define MK_DRED_HISTORY 64
#define MK_DRED_FREED 64
/* The live allocations a page fault reports at most. */
#define MK_DRED_EXISTING 32

/* Takes the process's DRED settings for a new device: device->dred (NULL
 * when every part is off), device->objects.dred and the interface's vtable.
 * E_OUTOFMEMORY. */
HRESULT mk_dred_init(struct mk_device *device);
void mk_dred_destroy(struct mk_device *device);

/* A submission the queue ran, on a device with DRED (device->dred, the
 * caller checks): with auto-breadcrumbs on, one history entry per command
 * list of mockd3d12 in it, all of its operations done. */
void mk_dred_executed(struct mk_device *device, const struct mk_submission *submission);

/* The device is being removed with `reason` (the first removal's): the state
 * GetDeviceState answers, and, for a plan's fault (NULL otherwise), the
 * submission that hung (its lists with `fault->op` operations done, 0
 * without one) and the page fault's allocations. Once per device. */
void mk_dred_removed(struct mk_device *device, HRESULT reason, const struct mk_removal_fault *fault);

/* obj_device_ops.allocation_freed: a heap or resource dies (page faults on). */
void mk_dred_allocation_freed(void *ctx, struct mk_object *object, D3D12_DRED_ALLOCATION_TYPE type,
        D3D12_GPU_VIRTUAL_ADDRESS va, uint64_t size);

#endif
