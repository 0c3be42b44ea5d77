/*
 * Who is told when an adapter's video memory usage changes
 * (src/objects/memory_watch.c): DXGI's budget-change events
 * (RegisterVideoMemoryBudgetChangeNotificationEvent) and any harness, through
 * mockd3d12_watch_video_memory. A watch names a key — the identity of one
 * adapter's ledger (src/device/device_memory.c) — and a callback; every
 * charge and release of that ledger's memory calls the key's callbacks.
 *
 * The callbacks run on the thread whose call changed the usage, under the
 * watch lock, so that once obj_memory_unwatch returns its callback is not
 * running and never runs again (unless the caller is that callback). A
 * callback may watch and unwatch; a change of usage inside a callback calls
 * nobody. With no watch registered, a change costs one atomic load.
 */
#ifndef MOCKD3D12_MEMORY_WATCH_H
#define MOCKD3D12_MEMORY_WATCH_H

#include <stdbool.h>

#include <mockd3d12/d3d12.h>

typedef void (*obj_memory_watcher)(void *context);

/* S_OK and a nonzero cookie; E_OUTOFMEMORY (cookie 0) when the table cannot grow. */
HRESULT obj_memory_watch(const void *key, obj_memory_watcher callback, void *context, UINT *cookie);
/* False when no watch has that cookie. */
bool obj_memory_unwatch(UINT cookie);
/* The usage of `key` changed: calls its watchers. */
void obj_memory_changed(const void *key);

#endif
