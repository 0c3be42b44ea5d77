/*
 * src/win32/json.c's functions under other names in fuzz_json, which also
 * links Debian's jansson (the same names would bind every call to one of
 * the two). fuzz/CMakeLists.txt checks after the link that fuzz_json defines
 * no json_* function of its own: a function added to json.c must be added
 * here.
 */
#ifndef MOCKD3D12_FUZZ_JSON_WIN32_NAMES_H
#define MOCKD3D12_FUZZ_JSON_WIN32_NAMES_H

#define json_array win32_json_array
#define json_array_append win32_json_array_append
#define json_array_append_new win32_json_array_append_new
#define json_array_get win32_json_array_get
#define json_array_size win32_json_array_size
#define json_decref win32_json_decref
#define json_deep_copy win32_json_deep_copy
#define json_delete win32_json_delete
#define json_dumps win32_json_dumps
#define json_equal win32_json_equal
#define json_false win32_json_false
#define json_get_alloc_funcs win32_json_get_alloc_funcs
#define json_incref win32_json_incref
#define json_integer win32_json_integer
#define json_integer_value win32_json_integer_value
#define json_loadb win32_json_loadb
#define json_loads win32_json_loads
#define json_null win32_json_null
#define json_number_value win32_json_number_value
#define json_object win32_json_object
#define json_object_del win32_json_object_del
#define json_object_get win32_json_object_get
#define json_object_set win32_json_object_set
#define json_object_set_new win32_json_object_set_new
#define json_object_size win32_json_object_size
#define json_pack win32_json_pack
#define json_real win32_json_real
#define json_real_value win32_json_real_value
#define json_set_alloc_funcs win32_json_set_alloc_funcs
#define json_string win32_json_string
#define json_string_length win32_json_string_length
#define json_string_value win32_json_string_value
#define json_stringn win32_json_stringn
#define json_true win32_json_true
#define json_vpack_ex win32_json_vpack_ex

#endif
