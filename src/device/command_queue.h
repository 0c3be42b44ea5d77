/*
 * ID3D12CommandQueue: a real object (type, priority, flags, node mask, private
 * data, GetDevice) that executes nothing. D3D11On12 and capability probes need
 * a queue to exist; GPU work is out of scope.
 */
#ifndef MOCKD3D12_COMMAND_QUEUE_H
#define MOCKD3D12_COMMAND_QUEUE_H

#include "device.h"

struct mk_command_queue
{
    ID3D12CommandQueue ID3D12CommandQueue_iface;
    atomic_ulong refcount;

    struct mk_device *device;      /* holds a reference */
    D3D12_COMMAND_QUEUE_DESC desc; /* NodeMask normalised (0 -> 1) */
    struct mk_private_data private_data;

    struct mk_command_queue *next; /* in device->queues, under device->queues_lock */
};

/* Validates `desc` and creates a queue (refcount 1) that holds a reference to
 * `device`. E_INVALIDARG for a bad type, priority, flag or node mask. */
HRESULT mk_command_queue_create(struct mk_device *device, const D3D12_COMMAND_QUEUE_DESC *desc,
        struct mk_command_queue **out);

/* The current reference count (for ReportLiveDeviceObjects). */
static inline ULONG mk_command_queue_refcount(struct mk_command_queue *queue)
{
    return (ULONG)atomic_load(&queue->refcount);
}

#endif
