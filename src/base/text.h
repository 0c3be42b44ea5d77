/*
 * Wide strings: WCHAR is UTF-16 on Windows and wchar_t (UTF-32) on Linux.
 */
#ifndef MOCKD3D12_TEXT_H
#define MOCKD3D12_TEXT_H

#include <stddef.h>

#include <mockd3d12/d3d12.h>

/* `name` as NUL-terminated UTF-8 in `out` (`size` > 5 bytes), cut at a
 * whole character when it does not fit; invalid code points become U+FFFD. */
void mk_wide_to_utf8(const WCHAR *name, char *out, size_t size);

#endif
