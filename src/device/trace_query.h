/*
 * The device room's capability-trace records (src/device/trace_query.c,
 * docs/trace.md), written only while mk_trace_on().
 */
#ifndef MOCKD3D12_TRACE_QUERY_H
#define MOCKD3D12_TRACE_QUERY_H

#include <stdbool.h>

#include <mockd3d12/d3d12.h>

struct mk_device;

/* One CheckFeatureSupport (`legacy`) or CheckFeatureSupport1 call, after it
 * returned `hr` (`data` holds its answer when it succeeded). */
void mk_trace_feature_query(struct mk_device *device, bool legacy, D3D12_FEATURE value, const void *data,
        UINT data_size, UINT sdk_version, HRESULT hr);

/* One D3D12CreateDevice call (`adapter_id` NULL when no adapter was resolved). */
void mk_trace_create_device(const char *adapter_id, D3D_FEATURE_LEVEL minimum_level, UINT sdk_version,
        HRESULT hr);

#endif
