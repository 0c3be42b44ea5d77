/*
 * Everything that differs between Linux and Windows lives behind this header
 * (implementations: platform_posix.c, later platform_win32.c).
 */
#ifndef MOCKD3D12_PLATFORM_H
#define MOCKD3D12_PLATFORM_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mockd3d12/d3d12.h>

#if defined(_WIN32)
#define MK_EXPORT __declspec(dllexport)
#else
#define MK_EXPORT __attribute__((visibility("default")))
#endif

/* A library-internal variable a header declares: hidden, so code reaches it
 * directly, not through a GOT slot the loader writes at start-up (RELRO).
 * -fvisibility=hidden covers definitions, not extern declarations. */
#if defined(_WIN32)
#define MK_HIDDEN
#else
#define MK_HIDDEN __attribute__((visibility("hidden")))
#endif

/* A plain mutex; never taken on the CheckFeatureSupport hot path.
 * MK_MUTEX_INIT is a static initialiser usable at file scope and in structs. */
#if defined(_WIN32)
typedef SRWLOCK mk_mutex;
#define MK_MUTEX_INIT SRWLOCK_INIT
#else
#include <pthread.h>
typedef pthread_mutex_t mk_mutex;
#define MK_MUTEX_INIT PTHREAD_MUTEX_INITIALIZER
#endif
void mk_mutex_init(mk_mutex *m);
void mk_mutex_destroy(mk_mutex *m);

void mk_mutex_lock(mk_mutex *m);
void mk_mutex_unlock(mk_mutex *m);

/* A lock for short critical sections that never block (a descriptor write
 * or copy): one atomic exchange takes it and a release store gives it back,
 * where a mutex in a process with threads costs two atomic read-modify-writes
 * (glibc's: ~15 ns a pair against ~6). A waiter spins a little, then yields
 * its processor (mk_spinlock_wait). Zeroed, or MK_SPINLOCK_INIT: unlocked. */
typedef struct
{
    atomic_bool held;
} mk_spinlock;
#define MK_SPINLOCK_INIT {false}
void mk_spinlock_wait(mk_spinlock *l);

static inline void mk_spinlock_init(mk_spinlock *l)
{
    atomic_init(&l->held, false);
}

static inline void mk_spin_lock(mk_spinlock *l)
{
    while (atomic_exchange_explicit(&l->held, true, memory_order_acquire))
        mk_spinlock_wait(l);
}

static inline void mk_spin_unlock(mk_spinlock *l)
{
    atomic_store_explicit(&l->held, false, memory_order_release);
}

/* A condition variable used with an mk_mutex (fence waits that block). */
#if defined(_WIN32)
typedef CONDITION_VARIABLE mk_cond;
#else
typedef pthread_cond_t mk_cond;
#endif
void mk_cond_init(mk_cond *c);
void mk_cond_destroy(mk_cond *c);
/* Releases `m` (held), sleeps until woken, takes `m` again; may wake spuriously. */
void mk_cond_wait(mk_cond *c, mk_mutex *m);
void mk_cond_broadcast(mk_cond *c);

/* Sets an event an application gave the runtime (SetEventOnCompletion):
 * SetEvent() on Windows; on Linux the HANDLE is an eventfd descriptor cast to
 * HANDLE, as the D3D12 runtime of WSL takes it (Mesa's dzn passes
 * eventfd(0, EFD_CLOEXEC)), and setting it writes 1 to it. False when the
 * handle cannot be set (not an event, closed). */
int mk_event_set(HANDLE event);

/* A counting semaphore the runtime releases and an application waits on (a
 * swap chain's frame-latency waitable object): a semaphore from
 * CreateSemaphore on Windows; on Linux an eventfd in semaphore mode
 * (EFD_SEMAPHORE: each read or wait takes one count), cast to HANDLE like
 * the events above, so that mk_event_set() on it adds one. NULL when it
 * cannot be made. */
HANDLE mk_semaphore_create(unsigned initial);
/* Adds `count` to the semaphore. */
void mk_semaphore_release(HANDLE semaphore, unsigned count);
/* A new handle on the same object (DuplicateHandle; on Linux a new
 * close-on-exec descriptor, never 0), which the application closes
 * (CloseHandle; close()); NULL when it cannot be made. */
HANDLE mk_handle_duplicate(HANDLE handle);
void mk_handle_close(HANDLE handle);

/* The CPU clock of GetClockCalibration: QueryPerformanceCounter() on
 * Windows, CLOCK_MONOTONIC in nanoseconds elsewhere; and its ticks per second. */
UINT64 mk_cpu_timestamp(void);
UINT64 mk_cpu_timestamp_frequency(void);

/* A file opened for appending (the capability trace): every mk_append_write
 * lands whole at the end, even with other processes appending to it
 * (O_APPEND on Linux, FILE_APPEND_DATA on Windows). -1 when it cannot be
 * opened, with the reason in `why`. */
intptr_t mk_append_open(const char *path, char *why, size_t why_size);
/* False when the write failed or was short. */
bool mk_append_write(intptr_t file, const void *data, size_t size);
void mk_append_close(intptr_t file);
/* The process's id. */
unsigned long mk_process_id(void);

/* getenv that is safe to call from any thread; NULL when unset or empty. */
const char *mk_getenv(const char *name);

/* The D3D12SDKVersion the main program exports (as the Agility SDK loader
 * reads it), or 0 when it exports none. */
UINT mk_main_program_sdk_version(void);

/* Reads a whole file into a NUL-terminated heap buffer (free with free()).
 * Returns NULL and sets errno-style text in `error` on failure. */
char *mk_read_file(const char *path, size_t *size, char *error, size_t error_size);

/* Lists the *.json entries of `dir` in name order, calling fn(path, NULL)
 * for each regular file and fn(path, why) for one that cannot be read as a
 * file (a directory, a FIFO, a dangling link, ...); fn(dir, why) when the
 * directory itself cannot be read. */
void mk_list_json_files(const char *dir, void (*fn)(void *ctx, const char *path, const char *problem), void *ctx);

/* COM methods that return a struct (GetAdapterLuid, GetDesc, ...): the C
 * vtables of DirectX-Headers return it by value on Linux and through a RetVal
 * out pointer (placed right after `This`) on Windows. Write such a method as
 *     static MK_STRUCT_RET(LUID) STDMETHODCALLTYPE obj_GetLuid(IObj *iface MK_STRUCT_RET_PARAM(LUID))
 *     { LUID luid = ...; MK_STRUCT_RETURN(luid); }
 * and it fits both ABIs. */
#if defined(_WIN32)
#define MK_STRUCT_RET(type) type *
#define MK_STRUCT_RET_PARAM(type) , type *mk_ret_val
#define MK_STRUCT_RETURN(value) do { *mk_ret_val = (value); return mk_ret_val; } while (0)
#else
#define MK_STRUCT_RET(type) type
#define MK_STRUCT_RET_PARAM(type)
#define MK_STRUCT_RETURN(value) return (value)
#endif

/* Separator of MOCKD3D12_PROFILE_PATH entries (':' on Linux, ';' on Windows). */
#if defined(_WIN32)
#define MK_PATH_LIST_SEPARATOR ';'
#else
#define MK_PATH_LIST_SEPARATOR ':'
#endif

#endif
