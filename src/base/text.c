/*
 * Wide strings (text.h).
 */
#include <stdint.h>

#include "text.h"

void mk_wide_to_utf8(const WCHAR *name, char *out, size_t size)
{
    size_t n = 0;

    for (; *name && n + 5 < size; ++name)
    {
        uint32_t c = (uint32_t)*name;

        if (sizeof(WCHAR) == 2 && c >= 0xd800 && c < 0xdc00 && name[1] >= 0xdc00 && name[1] < 0xe000)
        {
            c = 0x10000 + ((c - 0xd800) << 10) + ((uint32_t)name[1] - 0xdc00);
            ++name;
        }
        if (c > 0x10ffff || (c >= 0xd800 && c < 0xe000))
            c = 0xfffd;
        if (c < 0x80)
            out[n++] = (char)c;
        else if (c < 0x800)
        {
            out[n++] = (char)(0xc0 | (c >> 6));
            out[n++] = (char)(0x80 | (c & 0x3f));
        }
        else if (c < 0x10000)
        {
            out[n++] = (char)(0xe0 | (c >> 12));
            out[n++] = (char)(0x80 | ((c >> 6) & 0x3f));
            out[n++] = (char)(0x80 | (c & 0x3f));
        }
        else
        {
            out[n++] = (char)(0xf0 | (c >> 18));
            out[n++] = (char)(0x80 | ((c >> 12) & 0x3f));
            out[n++] = (char)(0x80 | ((c >> 6) & 0x3f));
            out[n++] = (char)(0x80 | (c & 0x3f));
        }
    }
    out[n] = 0;
}
