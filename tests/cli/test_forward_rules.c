/*
 * forward-check's rules (tools/cli/forward_rules.c), row by row: the values
 * a field is raised and lowered to (tier, other enum, flags, bool, limit, at
 * the top, at the bottom), when a raise is a regression (exit status, a line
 * back from the lower value, a printed value, constant output), and the
 * message, character for character.
 */
#include "mk_test.h"

#include "forward.h"

#define NONE UINT64_MAX

/* D3D12_RAYTRACING_TIER: NOT_SUPPORTED, 1_0, 1_1, 1_2. */
static const uint32_t raytracing[] = {0, 10, 11, 12};
/* D3D12_TRI_STATE: UNKNOWN (-1), FALSE, TRUE. */
static const uint32_t tri_state[] = {0xffffffffu, 0, 1};
/* D3D12_SHADER_CACHE_SUPPORT_FLAGS: NONE, SINGLE_PSO, LIBRARY, AUTOMATIC_INPROC_CACHE. */
static const uint32_t cache_flags[] = {0, 0x1, 0x2, 0x4};

static void test_values(void **state)
{
    static const struct
    {
        const char *name;
        enum fc_kind kind;
        uint64_t max;
        const uint32_t *values;
        unsigned count;
        uint64_t value;
        uint64_t next, above, lower; /* NONE: no such value */
    }
    rows[] =
    {
        {"tier: to the next defined, above every one, one below", FC_ENUM, 0, raytracing, 4, 11, 12, 13, 10},
        {"tier: from NOT_SUPPORTED, over the gap", FC_ENUM, 0, raytracing, 4, 0, 10, 13, NONE},
        {"tier at max: only above", FC_ENUM, 0, raytracing, 4, 12, NONE, 13, 11},
        {"tier above every defined one (a newValues tier)", FC_ENUM, 0, raytracing, 4, 13, NONE, 14, 12},
        {"enum: signed order, -1 is the lowest", FC_ENUM, 0, tri_state, 3, 0, 1, 2, 0xffffffffu},
        {"enum at min: -1 has nothing below", FC_ENUM, 0, tri_state, 3, 0xffffffffu, 0, 2, NONE},
        {"flags: one more defined bit, one above all, one fewer", FC_FLAGS, 0, cache_flags, 4, 0x1, 0x3, 0x9, 0x0},
        {"flags: the lowest bit missing", FC_FLAGS, 0, cache_flags, 4, 0x5, 0x7, 0xd, 0x1},
        {"flags at max: every defined bit", FC_FLAGS, 0, cache_flags, 4, 0x7, NONE, 0xf, 0x3},
        {"flags at min: none", FC_FLAGS, 0, cache_flags, 4, 0x0, 0x1, 0x8, NONE},
        {"flags: an undefined bit already set is kept, the next free one above", FC_FLAGS, 0, cache_flags, 4, 0x9,
                0xb, 0x19, 0x1},
        {"flags: all 32 bits", FC_FLAGS, 0, cache_flags, 4, 0xffffffffu, NONE, NONE, 0x7fffffffu},
        {"bool: FALSE -> TRUE", FC_BOOL, 0, NULL, 0, 0, 1, NONE, NONE},
        {"bool at max: TRUE, only lower", FC_BOOL, 0, NULL, 0, 1, NONE, NONE, 0},
        {"limit: doubled, halved", FC_LIMIT, UINT32_MAX, NULL, 0, 32, 64, NONE, 16},
        {"limit at min: 0 -> 1, nothing below", FC_LIMIT, UINT32_MAX, NULL, 0, 0, 1, NONE, NONE},
        {"limit near max: to the type's max", FC_LIMIT, 255, NULL, 0, 200, 255, NONE, 100},
        {"limit at max: only lower", FC_LIMIT, 255, NULL, 0, 255, NONE, NONE, 127},
    };
    struct row_failures failures = {0};
    unsigned i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        struct fc_field_facts facts = {rows[i].kind, rows[i].max, rows[i].values, rows[i].count};
        struct fc_values v;

        memset(&v, 0xcc, sizeof(v));
        fc_values_for(&facts, rows[i].value, &v);
        if (v.has_next != (rows[i].next != NONE) || (v.has_next && v.next != rows[i].next))
            row_fail(&failures, i, rows[i].name, "next: has %d, %#llx; expected %#llx", v.has_next,
                    (unsigned long long)v.next, (unsigned long long)rows[i].next);
        if (v.has_above != (rows[i].above != NONE) || (v.has_above && v.above != rows[i].above))
            row_fail(&failures, i, rows[i].name, "above: has %d, %#llx; expected %#llx", v.has_above,
                    (unsigned long long)v.above, (unsigned long long)rows[i].above);
        if (v.has_lower != (rows[i].lower != NONE) || (v.has_lower && v.lower != rows[i].lower))
            row_fail(&failures, i, rows[i].name, "lower: has %d, %#llx; expected %#llx", v.has_lower,
                    (unsigned long long)v.lower, (unsigned long long)rows[i].lower);
    }
    rows_done(&failures);
}

static struct cli_run make_run(enum cli_run_status status, int exit_code, const char *output)
{
    struct cli_run run;

    memset(&run, 0, sizeof(run));
    run.status = status;
    run.exit_code = exit_code;
    run.signal = status == CLI_RUN_SIGNALED ? exit_code : 0;
    run.output = (char *)output;
    run.output_length = strlen(output);
    return run;
}

#define PASS(text) {CLI_RUN_PASSED, 0, text}
#define EXIT(code, text) {CLI_RUN_FAILED, code, text}

struct run_row
{
    enum cli_run_status status;
    int code;
    const char *output;
};

static void test_judgement(void **state)
{
    static const struct
    {
        const char *name;
        struct run_row baseline, raised, lower;
        bool has_lower;
        bool exit_regressed, regressed;
        const char *lost, *got;
    }
    rows[] =
    {
        {"an exact tier check: exit 0 -> 1, the lower value's line", PASS("raytracing: on\n"),
                EXIT(1, "raytracing: off\n"), EXIT(1, "raytracing: off\n"), true, true, true,
                "raytracing: on\n", "raytracing: off\n"},
        {"the same output at the raised value: no regression", PASS("raytracing: on\n"), PASS("raytracing: on\n"),
                EXIT(1, "raytracing: off\n"), true, false, false, NULL, NULL},
        {"a printed value is not a regression", PASS("tier 1_1\n"), PASS("tier 1_2\n"), PASS("tier 1_0\n"), true,
                false, false, "tier 1_1\n", NULL},
        {"output that does not depend on the value", PASS("started\nready\n"), PASS("started\nready\n"),
                PASS("started\nready\n"), true, false, false, NULL, NULL},
        {"a line back from the lower value, exit 0 kept", PASS("a\npath: hybrid\n"), PASS("a\npath: raster\n"),
                PASS("a\npath: raster\n"), true, false, true, "path: hybrid\n", "path: raster\n"},
        {"a line neither the baseline nor the lower value has", PASS("x: 1\n"), PASS("x: 2\n"), PASS("x: 0\n"),
                true, false, false, "x: 1\n", NULL},
        {"no lower value: only the exit status counts", PASS("on\n"), PASS("off\n"), {CLI_RUN_NONE, 0, ""}, false,
                false, false, "on\n", NULL},
        {"no lower value, exit 0 -> 3", PASS("on\n"), EXIT(3, "off\n"), {CLI_RUN_NONE, 0, ""}, false, true, true,
                "on\n", NULL},
        {"a crash at the raised value", PASS("tier 11\n"), {CLI_RUN_SIGNALED, 6, ""}, PASS("tier 10\n"), true,
                true, true, "tier 11\n", NULL},
        {"a failing baseline: the exit status does not regress", EXIT(1, "off\n"), EXIT(1, "off\n"),
                PASS("on\n"), true, false, false, NULL, NULL},
        {"repeated lines once, blank lines ignored", PASS("on\n\non\n"), EXIT(1, "off\n\noff\n"), EXIT(1, "off\n"),
                true, true, true, "on\n", "off\n"},
        {"no newline at the end", PASS("on"), EXIT(1, "off"), EXIT(1, "off"), true, true, true, "on\n", "off\n"},
    };
    struct row_failures failures = {0};
    unsigned i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        struct cli_run b = make_run(rows[i].baseline.status, rows[i].baseline.code, rows[i].baseline.output);
        struct cli_run x = make_run(rows[i].raised.status, rows[i].raised.code, rows[i].raised.output);
        struct cli_run l = make_run(rows[i].lower.status, rows[i].lower.code, rows[i].lower.output);
        struct fc_judgement j;

        if (!fc_judge(&b, &x, rows[i].has_lower ? &l : NULL, &j))
        {
            row_fail(&failures, i, rows[i].name, "fc_judge failed");
            continue;
        }
        if (j.exit_regressed != rows[i].exit_regressed || j.regressed != rows[i].regressed)
            row_fail(&failures, i, rows[i].name, "exit_regressed %d, regressed %d", j.exit_regressed, j.regressed);
        if (strcmp(j.lost ? j.lost : "", rows[i].lost ? rows[i].lost : ""))
            row_fail(&failures, i, rows[i].name, "lost \"%s\"", j.lost ? j.lost : "");
        if (strcmp(j.got ? j.got : "", rows[i].got ? rows[i].got : ""))
            row_fail(&failures, i, rows[i].name, "got \"%s\"", j.got ? j.got : "");
        fc_judgement_free(&j);
    }
    rows_done(&failures);
}

static void test_message(void **state)
{
    static const struct
    {
        const char *name;
        struct run_row baseline, raised, lower;
        const char *from, *to, *lower_text, *cfs1;
        const char *expected;
    }
    rows[] =
    {
        {"the issue's example", PASS("raytracing: on\n"), EXIT(1, "raytracing: off\n"), EXIT(1, "raytracing: off\n"),
                "1_1", "1_2", "1_0", "CheckFeatureSupport1 with SDK 616 would hide this value",
                "D3D12_OPTIONS5.RaytracingTier 1_1 \u2192 1_2: exit 0 \u2192 1, lost \"raytracing: on\", got "
                "\"raytracing: off\" as at 1_0 \u2014 an exact-value check? (CheckFeatureSupport1 with SDK 616 would "
                "hide this value)"},
        {"no regression", PASS("raytracing: on\n"), PASS("raytracing: on\n"), EXIT(1, "raytracing: off\n"),
                "1_1", "1_2", "1_0", "CheckFeatureSupport1 with SDK 620 would not hide this value",
                "D3D12_OPTIONS5.RaytracingTier 1_1 \u2192 1_2: exit 0 \u2192 0, no regression"},
        {"a signal, no clause", PASS("a\nb\nc\nd\n"), {CLI_RUN_SIGNALED, 6, ""}, PASS("x\n"), "1_1",
                "13 (unpublished)", "1_0", NULL,
                "D3D12_OPTIONS5.RaytracingTier 1_1 \u2192 13 (unpublished): exit 0 \u2192 signal 6, lost \"a\", "
                "\"b\", \"c\" and 1 more \u2014 an exact-value check?"},
    };
    struct row_failures failures = {0};
    unsigned i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        struct cli_run b = make_run(rows[i].baseline.status, rows[i].baseline.code, rows[i].baseline.output);
        struct cli_run x = make_run(rows[i].raised.status, rows[i].raised.code, rows[i].raised.output);
        struct cli_run l = make_run(rows[i].lower.status, rows[i].lower.code, rows[i].lower.output);
        struct fc_judgement j;
        char text[1024], small[24];

        fc_judge(&b, &x, &l, &j);
        fc_message(text, sizeof(text), "D3D12_OPTIONS5.RaytracingTier", rows[i].from, rows[i].to,
                rows[i].lower_text, &b, &x, &j, rows[i].cfs1);
        if (strcmp(text, rows[i].expected))
            row_fail(&failures, i, rows[i].name, "got \"%s\"", text);
        /* A short buffer is cut, never overrun. */
        memset(small, 'x', sizeof(small));
        fc_message(small, 16, "D3D12_OPTIONS5.RaytracingTier", rows[i].from, rows[i].to, rows[i].lower_text, &b,
                &x, &j, rows[i].cfs1);
        if (strlen(small) != 15 || small[16] != 'x')
            row_fail(&failures, i, rows[i].name, "a 16-byte buffer holds \"%s\"", small);
        fc_judgement_free(&j);
    }
    rows_done(&failures);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_values),
        cmocka_unit_test(test_judgement),
        cmocka_unit_test(test_message),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
