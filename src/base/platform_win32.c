/*
 * The Windows side of src/platform.h: SRW locks, the process environment,
 * files, and the D3D12SDKVersion the main executable exports.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform.h"

void mk_mutex_init(mk_mutex *m)
{
    InitializeSRWLock(m);
}

void mk_spinlock_wait(mk_spinlock *l)
{
    unsigned spins = 0;

    /* As platform_posix.c's: a few pauses, then the processor to another thread. */
    while (atomic_load_explicit(&l->held, memory_order_relaxed))
    {
        if (++spins < 64)
            YieldProcessor();
        else
            SwitchToThread();
    }
}

void mk_mutex_destroy(mk_mutex *m)
{
    (void)m; /* SRW locks own no resources */
}

void mk_mutex_lock(mk_mutex *m)
{
    AcquireSRWLockExclusive(m);
}

void mk_mutex_unlock(mk_mutex *m)
{
    ReleaseSRWLockExclusive(m);
}

void mk_cond_init(mk_cond *c)
{
    InitializeConditionVariable(c);
}

void mk_cond_destroy(mk_cond *c)
{
    (void)c; /* condition variables own no resources */
}

void mk_cond_wait(mk_cond *c, mk_mutex *m)
{
    SleepConditionVariableSRW(c, m, INFINITE, 0);
}

void mk_cond_broadcast(mk_cond *c)
{
    WakeAllConditionVariable(c);
}

/* A semaphore (a swap chain's frame-latency object, which a queue releases
 * through a fence) is released instead: SetEvent refuses it. */
int mk_event_set(HANDLE event)
{
    return SetEvent(event) != 0 || ReleaseSemaphore(event, 1, NULL) != 0;
}

HANDLE mk_semaphore_create(unsigned initial)
{
    return CreateSemaphoreA(NULL, (LONG)initial, 0x7fffffff, NULL);
}

void mk_semaphore_release(HANDLE semaphore, unsigned count)
{
    if (count)
        ReleaseSemaphore(semaphore, (LONG)count, NULL);
}

HANDLE mk_handle_duplicate(HANDLE handle)
{
    HANDLE process = GetCurrentProcess(), copy = NULL;

    return DuplicateHandle(process, handle, process, &copy, 0, FALSE, DUPLICATE_SAME_ACCESS) ? copy : NULL;
}

void mk_handle_close(HANDLE handle)
{
    if (handle)
        CloseHandle(handle);
}

UINT64 mk_cpu_timestamp(void)
{
    LARGE_INTEGER now;

    QueryPerformanceCounter(&now);
    return (UINT64)now.QuadPart;
}

UINT64 mk_cpu_timestamp_frequency(void)
{
    LARGE_INTEGER frequency;

    QueryPerformanceFrequency(&frequency);
    return (UINT64)frequency.QuadPart;
}

/* The process environment block, not a C runtime's copy of it: the harness
 * may use another CRT (MSVC's ucrtbase) than this DLL (msvcrt), and
 * SetEnvironmentVariable or _putenv there must be seen here. The returned
 * string must stay valid, so every (name, value) pair seen is kept, once, for
 * the life of the process: the set only grows when a variable changes. */
struct env_entry
{
    struct env_entry *next;
    char *name;
    char *value;
};

static mk_mutex env_lock = MK_MUTEX_INIT;
static struct env_entry *env_entries;

const char *mk_getenv(const char *name)
{
    char stack_buffer[256], *buffer = stack_buffer;
    struct env_entry *entry;
    const char *result = NULL;
    DWORD length;

    if (!name || !*name)
        return NULL;
    length = GetEnvironmentVariableA(name, buffer, sizeof(stack_buffer));
    if (length >= sizeof(stack_buffer))
    {
        if (!(buffer = malloc(length)))
            return NULL;
        if (GetEnvironmentVariableA(name, buffer, length) >= length)
        {
            free(buffer);
            return NULL;
        }
    }
    if (!length || !*buffer)
    {
        if (buffer != stack_buffer)
            free(buffer);
        return NULL;
    }

    mk_mutex_lock(&env_lock);
    for (entry = env_entries; entry; entry = entry->next)
    {
        if (!strcmp(entry->name, name) && !strcmp(entry->value, buffer))
        {
            result = entry->value;
            break;
        }
    }
    if (!result && (entry = calloc(1, sizeof(*entry))))
    {
        size_t name_size = strlen(name) + 1, value_size = strlen(buffer) + 1;

        if ((entry->name = malloc(name_size)) && (entry->value = malloc(value_size)))
        {
            memcpy(entry->name, name, name_size);
            memcpy(entry->value, buffer, value_size);
            entry->next = env_entries;
            env_entries = entry;
            result = entry->value;
        }
        else
        {
            free(entry->name);
            free(entry);
        }
    }
    mk_mutex_unlock(&env_lock);
    if (buffer != stack_buffer)
        free(buffer);
    return result;
}

/* As the Agility SDK loader does: the executable's export named
 * D3D12SDKVersion (`extern "C" __declspec(dllexport) extern const UINT
 * D3D12SDKVersion = 616;`), or 0 when it has none. */
UINT mk_main_program_sdk_version(void)
{
    HMODULE main_module = GetModuleHandleA(NULL);
    const UINT *version;

    if (!main_module)
        return 0;
    version = (const UINT *)(void *)GetProcAddress(main_module, "D3D12SDKVersion");
    return version ? *version : 0;
}

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Name order, as on Linux, so that registration order does not depend on the
 * file system. The pattern "*.json" also matches longer extensions through
 * 8.3 short names, hence the exact suffix check. */
void mk_list_json_files(const char *dir, void (*fn)(void *ctx, const char *path, const char *problem), void *ctx)
{
    char **names = NULL, **grown, *pattern, *path;
    size_t count = 0, capacity = 0, i, len, dir_len;
    WIN32_FIND_DATAA data;
    HANDLE find;
    char last;

    if (!dir || !*dir || !fn)
        return;
    dir_len = strlen(dir);
    last = dir[dir_len - 1];
    if (!(pattern = malloc(dir_len + 8)))
        return;
    snprintf(pattern, dir_len + 8, "%s%s*.json", dir, last == '/' || last == '\\' ? "" : "\\");
    find = FindFirstFileA(pattern, &data);
    free(pattern);
    if (find == INVALID_HANDLE_VALUE)
    {
        DWORD attributes = GetFileAttributesA(dir);

        /* No *.json at all is not a problem; no directory is. */
        if (attributes == INVALID_FILE_ATTRIBUTES || !(attributes & FILE_ATTRIBUTE_DIRECTORY))
            fn(ctx, dir, "cannot read the directory: no such directory");
        return;
    }
    do
    {
        len = strlen(data.cFileName);
        if (len <= 5 || _stricmp(data.cFileName + len - 5, ".json"))
            continue;
        if (count == capacity)
        {
            capacity = capacity ? capacity * 2 : 16;
            if (!(grown = realloc(names, capacity * sizeof(*names))))
                break;
            names = grown;
        }
        if (!(names[count] = malloc(len + 1)))
            break;
        memcpy(names[count++], data.cFileName, len + 1);
    } while (FindNextFileA(find, &data));
    FindClose(find);

    if (count)
        qsort(names, count, sizeof(*names), compare_strings);
    for (i = 0; i < count; ++i)
    {
        len = dir_len + 1 + strlen(names[i]) + 1;
        if ((path = malloc(len)))
        {
            DWORD attributes;

            snprintf(path, len, "%s%s%s", dir, last == '/' || last == '\\' ? "" : "\\", names[i]);
            attributes = GetFileAttributesA(path);
            if (attributes == INVALID_FILE_ATTRIBUTES)
                fn(ctx, path, "cannot read it");
            else if (attributes & FILE_ATTRIBUTE_DIRECTORY)
                fn(ctx, path, "not a file: a directory");
            else
                fn(ctx, path, NULL);
            free(path);
        }
        free(names[i]);
    }
    free(names);
}

/* ---- Appending (the capability trace) ---- */

intptr_t mk_append_open(const char *path, char *why, size_t why_size)
{
    HANDLE file = CreateFileA(path, FILE_APPEND_DATA, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, NULL,
            OPEN_ALWAYS, FILE_ATTRIBUTE_NORMAL, NULL);

    if (file == INVALID_HANDLE_VALUE)
    {
        snprintf(why, why_size, "error %lu", (unsigned long)GetLastError());
        return -1;
    }
    return (intptr_t)file;
}

/* FILE_APPEND_DATA without FILE_WRITE_DATA: every WriteFile goes to the end
 * of the file, whole. */
bool mk_append_write(intptr_t file, const void *data, size_t size)
{
    DWORD written = 0;

    return size <= 0xffffffffu && WriteFile((HANDLE)file, data, (DWORD)size, &written, NULL) && written == size;
}

void mk_append_close(intptr_t file)
{
    CloseHandle((HANDLE)file);
}

unsigned long mk_process_id(void)
{
    return (unsigned long)GetCurrentProcessId();
}
