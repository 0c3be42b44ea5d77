/*
 * The comparison target: vkd3d's D3D12CreateDevice (libvkd3d-utils.so.1,
 * dlopen()ed, never linked) on Mesa's lavapipe.
 */
#ifndef MOCKD3D12_BENCH_VKD3D_H
#define MOCKD3D12_BENCH_VKD3D_H

#include <stdbool.h>
#include <stddef.h>

#include <mockd3d12/d3d12.h>

struct bench_vkd3d
{
    void *library;
    void *create_fn;     /* D3D12CreateDevice, ms_abi */
    void *device;        /* one ID3D12Device kept for the queries */
    HRESULT create_hr;   /* of the first D3D12CreateDevice */
    char status[256];    /* why it is unavailable, or what it runs on */
};

/* Loads libvkd3d-utils.so.1 with VK_ICD_FILENAMES forced to lavapipe's ICD
 * (when `icd` exists) and creates one device. False, with `status` saying
 * why (with the HRESULT), when vkd3d cannot be used. */
bool bench_vkd3d_open(struct bench_vkd3d *vk, const char *icd);
void bench_vkd3d_close(struct bench_vkd3d *vk);

/* vkd3d-utils' D3D12SerializeRootSignature and
 * D3D12CreateRootSignatureDeserializer (ms_abi), for the object rows. */
struct bench_exports;
void bench_vkd3d_exports(struct bench_vkd3d *vk, struct bench_exports *out);

/* One D3D12CreateDevice(NULL, 11_0, ID3D12Device) + Release. */
HRESULT bench_vkd3d_create_release(struct bench_vkd3d *vk);
/* One CheckFeatureSupport query of a mix (bench.c's "start-up mix"). */
struct bench_query
{
    D3D12_FEATURE feature;
    void *data;
    UINT size;
};

/* `n` rounds of `count` queries in turn on the kept device, as bench.c's
 * loop_mix() does on ours (aborts on a failure). */
void bench_vkd3d_mix_loop(struct bench_vkd3d *vk, const struct bench_query *queries, unsigned count, size_t n);
/* One query; its HRESULT (to find which queries vkd3d answers). */
HRESULT bench_vkd3d_query(struct bench_vkd3d *vk, const struct bench_query *query);

/* `n` calls of ID3D12Device::CheckFeatureSupport on the kept device (the
 * loop is vkd3d's side of the timing; it aborts on a failure). */
void bench_vkd3d_cfs_loop(struct bench_vkd3d *vk, D3D12_FEATURE feature, void *data, UINT size, size_t n);

#endif
