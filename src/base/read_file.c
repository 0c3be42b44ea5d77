/*
 * mk_read_file (src/platform.h): reads a whole file with C stdio, the same on
 * every platform, through the library's allocator (src/alloc.h).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "platform.h"

char *mk_read_file(const char *path, size_t *size, char *error, size_t error_size)
{
    size_t capacity = 4096, length = 0, n;
    char *buffer, *grown;
    FILE *file;

    if (size)
        *size = 0;
    if (!path)
    {
        if (error && error_size)
            snprintf(error, error_size, "no path given");
        return NULL;
    }
    if (!(file = fopen(path, "rb")))
    {
        if (error && error_size)
            snprintf(error, error_size, "%s: %s", path, strerror(errno));
        return NULL;
    }
    if (!(buffer = mk_alloc(capacity)))
    {
        fclose(file);
        if (error && error_size)
            snprintf(error, error_size, "%s: out of memory", path);
        return NULL;
    }
    for (;;)
    {
        n = fread(buffer + length, 1, capacity - length - 1, file);
        length += n;
        if (length < capacity - 1)
        {
            if (ferror(file))
            {
                if (error && error_size)
                    snprintf(error, error_size, "%s: %s", path, strerror(errno ? errno : EIO));
                mk_free(buffer);
                fclose(file);
                return NULL;
            }
            break;
        }
        if (!(grown = mk_realloc(buffer, capacity * 2)))
        {
            if (error && error_size)
                snprintf(error, error_size, "%s: out of memory", path);
            mk_free(buffer);
            fclose(file);
            return NULL;
        }
        buffer = grown;
        capacity *= 2;
    }
    fclose(file);
    buffer[length] = 0;
    if (size)
        *size = length;
    return buffer;
}
