/*
 * Prints what json_loadb() answers for each file named on the command line:
 * "file: line:column:position: text", or "file: OK". Built twice by
 * tests/json.cmake, once with Debian's jansson and once with
 * src/win32/json.c (the Windows build's own implementation of the part of
 * jansson it uses); the test compares the two outputs over
 * tests/data/json-errors/, so that a malformed profile is reported on
 * Windows in the words, lines and columns it is on Linux.
 */
#include <stdio.h>
#include <stdlib.h>

#include <jansson.h>

static int report(const char *path)
{
    json_error_t error;
    size_t size;
    char *text;
    json_t *root;
    long length;
    FILE *file;

    if (!(file = fopen(path, "rb")) || fseek(file, 0, SEEK_END) || (length = ftell(file)) < 0
            || fseek(file, 0, SEEK_SET) || !(text = malloc((size_t)length + 1)))
    {
        fprintf(stderr, "json_errors: cannot read %s\n", path);
        if (file)
            fclose(file);
        return 1;
    }
    size = fread(text, 1, (size_t)length, file);
    fclose(file);
    if ((root = json_loadb(text, size, JSON_REJECT_DUPLICATES, &error)))
    {
        printf("%s: OK\n", path);
        json_decref(root);
    }
    else
    {
        printf("%s: %d:%d:%d: %s\n", path, error.line, error.column, error.position, error.text);
    }
    free(text);
    return 0;
}

int main(int argc, char **argv)
{
    int i, failed = 0;

    for (i = 1; i < argc; ++i)
        failed |= report(argv[i]);
    return failed;
}
