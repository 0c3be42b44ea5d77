#!/usr/bin/env python3
"""CD3DX12FeatureSupport's getters against `mockd3d12 caps --json`, for every
built-in adapter.

test_d3dx12_feature_support (tests/cpp/) runs DirectX-Headers'
CD3DX12FeatureSupport::Init on a device of every built-in adapter through
libd3d12.so and prints one line per getter: `ADAPTER FEATURE.Field NUMBER`
(or `ADAPTER FEATURE.Field||FEATURE.Field NUMBER` for the two getters that
read the first member when it is non-zero, else the second). This script runs
`mockd3d12 caps --adapter ADAPTER --json` for each adapter and resolves every
JSON value to a number on its own, from the reference data
(data/reference/d3d12-enum-values.tsv, live rows only: status current or
preview-only, aliases such as D3D_HIGHEST_SHADER_MODEL excluded) and the
profile's "newValues"; none of the library's C tables is used. A name must
belong to an enum the reference data lists for that very field.

Three getters depend on the inputs Init chooses, which the CLI does not (it
reports the adapter's true value): FEATURE_LEVELS (Init asks for the list of
levels in d3dx12.h), SHADER_MODEL and ROOT_SIGNATURE (Init asks for the
header's highest model / version first, and the runtime answers
min(requested, supported)). The lists are read from the d3dx12.h the C++
program was built with; the expected value is what the runtime must answer to
those inputs.

Init also calls the legacy CheckFeatureSupport, which the runtime pins below
the CheckFeatureSupport1 cutoff (docs/clamping.md): a value the reference data
or the profile's newValues declare at or after the cutoff SDK is reported as
the newest older one (nextgen's D3D12_RAYTRACING_TIER_1_3 reads 1_2). The
cutoff is the one the CLI reports for the default runtime both programs use;
the rule is applied here from the versions in data/reference/, not from the
library's clamp engine.

Every adjustment is printed as a note; nothing else is adjusted.

usage: check_d3dx12_vs_cli.py CPP_PROGRAM MOCKD3D12_CLI SOURCE_DIR D3DX12_H [--self-test]

--self-test compares one adapter's real outputs after deliberate edits of its
JSON (and of the C++ lines) and checks that each edit is caught, or accepted
where it must be (a name declared in newValues, a value above what Init asks,
a post-cutoff value).
Prints "N passed, N failed"; exits 1 on any mismatch.
"""
import copy
import csv
import json
import os
import re
import subprocess
import sys

LIVE_STATUS = {"current", "preview-only"}


def clean_env():
    env = dict(os.environ)
    for key in list(env):
        if key.startswith("MOCKD3D12_"):
            del env[key]
    return env


def version(text):
    """An SDK version column: a number, or None for '-' (no release on that track)."""
    return None if text in ("-", "", None) else int(text)


def run(args):
    proc = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=clean_env())
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr)
        raise SystemExit("error: %s exited with %d" % (" ".join(args), proc.returncode))
    return proc.stdout


class Reference:
    """Enum names → values and the struct a feature answers with, from data/reference/."""

    def __init__(self, source_dir):
        ref = os.path.join(source_dir, "data", "reference")
        self.names = {}  # name -> list of (enum, value, set of "STRUCT.Field")
        self.field_values = {}  # "STRUCT.Field" -> list of (value, first_retail, first_preview)
        self.field_category = {}  # "STRUCT.Field" -> tier, version, flags or other
        with open(os.path.join(ref, "d3d12-enum-values.tsv"), newline="") as f:
            for row in csv.DictReader(f, delimiter="\t"):
                if row["status"] not in LIVE_STATUS or row["alias_of"] != "-":
                    continue
                used_in = set(row["used_in"].split(",")) if row["used_in"] != "-" else set()
                self.names.setdefault(row["member"], []).append((row["enum"], int(row["value"]), used_in))
                for struct_field in used_in:
                    self.field_values.setdefault(struct_field, []).append(
                        (int(row["value"]), version(row["first_retail"]), version(row["first_preview"])))
                    self.field_category[struct_field] = row["category"]
        self.structs = {}  # FEATURE (without D3D12_FEATURE_) -> D3D12_FEATURE_DATA_*
        self.firsts = {}  # STRUCT or "STRUCT.Field" -> (first_retail, first_preview)
        with open(os.path.join(ref, "d3d12-features.tsv"), newline="") as f:
            for row in csv.DictReader(f, delimiter="\t"):
                self.structs[row["feature"][len("D3D12_FEATURE_"):]] = row["data_struct"]
                self.firsts[row["data_struct"]] = (version(row["struct_first_retail"]),
                                                   version(row["struct_first_preview"]))
        with open(os.path.join(ref, "d3d12-feature-structs.tsv"), newline="") as f:
            for row in csv.DictReader(f, delimiter="\t"):
                self.firsts["%s.%s" % (row["struct"], row["field"])] = (version(row["first_retail"]),
                                                                        version(row["first_preview"]))

    def value(self, name, struct_field):
        """The value of enum member `name` when it is written into `struct_field`, or None."""
        values = {v for enum, v, used_in in self.names.get(name, []) if struct_field in used_in}
        return values.pop() if len(values) == 1 else None


def d3dx12_requests(header):
    """The inputs CD3DX12FeatureSupport::Init gives, read from d3dx12.h."""
    text = open(header).read()
    lists = {}
    for key, array in (("FEATURE_LEVELS.MaxSupportedFeatureLevel", "allLevels"),
                       ("SHADER_MODEL.HighestShaderModel", "allModelVersions"),
                       ("ROOT_SIGNATURE.HighestVersion", "allRootSignatureVersions")):
        m = re.search(r"\b%s\[\]\s*=\s*\{([^}]*)\}" % array, text)
        if not m:
            raise SystemExit("error: %s has no %s[] list (CD3DX12FeatureSupport changed?)" % (header, array))
        lists[key] = re.findall(r"\b(D3D_\w+)", m.group(1))
    return lists


def resolve(ref, new_values, key, value):
    """A profile JSON value as a number, or raise ValueError saying why not."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if not isinstance(value, str):
        raise ValueError("not a bool, a number or a name: %r" % (value,))
    feature, field = key.split(".", 1)
    struct_field = "%s.%s" % (ref.structs.get(feature, "?"), field)
    total = 0
    for token in value.split(" | "):
        token = token.strip()
        if re.fullmatch(r"0x[0-9A-Fa-f]+", token):
            n = int(token, 16)
        elif re.fullmatch(r"-?\d+", token):
            n = int(token)
        elif (key, token) in new_values:
            n = new_values[(key, token)][0]
        else:
            n = ref.value(token, struct_field)
            if n is None:
                raise ValueError("'%s' is no live value of %s in d3d12-enum-values.tsv nor in the profile's "
                                 "newValues" % (token, struct_field))
        total |= n
    return total


def u32(n):
    return n & 0xFFFFFFFF


class Checker:
    def __init__(self, ref, requests, cutoff):
        self.ref = ref
        self.requests = requests
        self.cutoff = cutoff  # (retail, preview): the SDK that brought CheckFeatureSupport1
        self.passed = 0
        self.failed = []  # (adapter, key, message)
        self.notes = []

    def post_cutoff(self, first_retail, first_preview):
        """Declared by the CheckFeatureSupport1 cutoff SDK or later (docs/clamping.md): by the
        preview number when the item had a preview release, else by the retail number; an
        item of no release at all is newer than every SDK."""
        if first_preview is not None:
            return first_preview >= self.cutoff[1]
        if first_retail is not None:
            return first_retail >= self.cutoff[0]
        return True

    def pin(self, key, n, new_values):
        """What legacy CheckFeatureSupport reports for true value n: it is pinned below the
        CheckFeatureSupport1 cutoff (docs/clamping.md), so a post-cutoff struct or field reads
        0, a post-cutoff tier or version the highest older value not above n, a post-cutoff
        flag bit is dropped, another post-cutoff enum value reads 0."""
        feature, field = key.split(".", 1)
        struct = self.ref.structs[feature]
        struct_field = "%s.%s" % (struct, field)
        if self.post_cutoff(*self.ref.firsts.get(struct, (None, None))) \
                or self.post_cutoff(*self.ref.firsts.get(struct_field, (None, None))):
            return 0
        facts = [(v, self.post_cutoff(r, p)) for v, r, p in self.ref.field_values.get(struct_field, [])]
        facts += [(v, self.post_cutoff(r, p)) for (k, _), (v, r, p) in new_values.items() if k == key]
        category = self.ref.field_category.get(struct_field)
        if category == "flags":
            late = known = 0
            for v, post in facts:
                if post:
                    late |= v
                else:
                    known |= v
            return n & ~(late & ~known)
        named = any(v == n for v, _ in facts)
        if not named or any(v == n and not post for v, post in facts):
            return n
        if category in ("tier", "version"):
            return max((v for v, post in facts if not post and v <= n), default=0)
        return 0

    def request_values(self, key, new_values):
        return [resolve(self.ref, new_values, key, name) for name in self.requests[key]]

    def expected(self, adapter, profile, new_values, key):
        """(number, text) that the getter line `key` must show, from the profile JSON."""
        features = profile.get("features", {})
        if "||" in key:
            first, second = key.split("||")
            n, text = self.expected(adapter, profile, new_values, first)
            if n:
                return n, text
            return self.expected(adapter, profile, new_values, second)
        feature, field = key.split(".", 1)
        if feature not in features or field not in features[feature]:
            raise ValueError("caps --json has no %s" % key)
        raw = features[feature][field]
        n = resolve(self.ref, new_values, key, raw)
        text = json.dumps(raw)
        if key in self.requests:
            asked = self.request_values(key, new_values)
            if key == "FEATURE_LEVELS.MaxSupportedFeatureLevel":
                # Init asks for every level in its list; the runtime answers the
                # highest of them the adapter supports.
                answer = max((a for a in asked if a <= n), default=None)
                why = "the highest of d3dx12.h's allLevels[] at or below it"
            else:
                # Init asks for its list's first entry (the runtime knows it), the
                # runtime answers min(requested, supported).
                answer = min(asked[0], n)
                why = "d3dx12.h asks for %s first; the runtime answers min(requested, supported)" % self.requests[key][0]
            if answer != n:
                self.notes.append("note: %s %s: the profile says %s (%d); %s: %s" % (
                    adapter, key, text, n, why, answer))
                text += " -> %s asked by d3dx12.h" % answer
                n = answer
        # Init calls the legacy CheckFeatureSupport, pinned below the cutoff; the
        # JSON holds the adapter's true values.
        pinned = self.pin(key, n, new_values)
        if pinned != n:
            self.notes.append("note: %s %s: %s (%d) is declared at or after the CheckFeatureSupport1 cutoff "
                              "%d / %d; legacy CheckFeatureSupport reports %d" % (
                                  adapter, key, text, n, self.cutoff[0], self.cutoff[1], pinned))
            text += " -> %d below the cutoff" % pinned
            n = pinned
        return n, text

    def compare(self, adapter, lines, profile):
        new_values = {(nv["field"], nv["name"]): (nv["value"], nv.get("firstRetail"), nv.get("firstPreview"))
                      for nv in profile.get("newValues", [])}
        if not lines:
            self.failed.append((adapter, "-", "the C++ program printed no getter line"))
            return
        for key, got in lines:
            try:
                want, text = self.expected(adapter, profile, new_values, key)
            except ValueError as e:
                self.failed.append((adapter, key, "CD3DX12FeatureSupport says %d; %s" % (got, e)))
                continue
            if u32(got) == u32(want):
                self.passed += 1
            else:
                self.failed.append((adapter, key, "CD3DX12FeatureSupport says %d, mockd3d12 caps --json says %s (%d)"
                                    % (got, text, want)))


def parse_cpp(text):
    """{adapter: [(key, number)]} in the printed order."""
    out = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        parts = line.split()
        if len(parts) != 3:
            raise SystemExit("error: unexpected line from the C++ program: %r" % line)
        out.setdefault(parts[0], []).append((parts[1], int(parts[2])))
    return out


def runtime_cutoff(cli):
    """The CheckFeatureSupport1 cutoff of the runtime both programs run on (the default
    one: the environment is cleared), from the CLI's human caps header."""
    text = run([cli, "caps"])
    m = re.search(r"CheckFeatureSupport1 from (\d+) / (\d+)", text)
    if not m:
        raise SystemExit("error: `mockd3d12 caps` names no CheckFeatureSupport1 cutoff")
    return int(m.group(1)), int(m.group(2))


def cli_profile(cli, adapter):
    return json.loads(run([cli, "caps", "--adapter", adapter, "--json"]))


def check_all(ref, requests, cutoff, cpp, cli):
    lines = parse_cpp(run([cpp]))
    cli_ids = [a["id"] for a in json.loads(run([cli, "adapters", "--json"]))]
    checker = Checker(ref, requests, cutoff)
    for adapter in sorted(set(cli_ids) - set(lines)):
        checker.failed.append((adapter, "-", "listed by `mockd3d12 adapters`, absent from the C++ program's output"))
    for adapter in sorted(set(lines) - set(cli_ids)):
        checker.failed.append((adapter, "-", "in the C++ program's output, not listed by `mockd3d12 adapters`"))
    for adapter in cli_ids:
        if adapter in lines:
            checker.compare(adapter, lines[adapter], cli_profile(cli, adapter))
    counts = sorted({len(v) for v in lines.values()})
    print("%d adapters, %s getter lines each" % (len(lines), "/".join(str(c) for c in counts)))
    return checker


# --self-test: edits of one adapter's real outputs, each with the keys that must
# then mismatch (an empty set: the edit must be accepted).
def set_field(key, value):
    def edit(profile, lines):
        feature, field = key.split(".", 1)
        profile["features"][feature][field] = value(profile["features"][feature][field]) if callable(value) else value
    return edit


def drop_field(key):
    def edit(profile, lines):
        feature, field = key.split(".", 1)
        del profile["features"][feature][field]
    return edit


def add_new_value(key, name, value, first_retail=None, first_preview=None):
    def edit(profile, lines):
        feature, field = key.split(".", 1)
        profile["features"][feature][field] = name
        entry = {"field": key, "name": name, "value": value(lines)}
        if first_retail is not None:
            entry["firstRetail"] = first_retail
        if first_preview is not None:
            entry["firstPreview"] = first_preview
        profile.setdefault("newValues", []).append(entry)
    return edit


def set_line(key, value):
    def edit(profile, lines):
        for i, (k, n) in enumerate(lines):
            if k == key:
                lines[i] = (k, value(n))
    return edit


def set_from_line(key, value, line_key=None):
    """Sets the JSON field `key` to a number computed from the C++ line `line_key` (default: `key`)."""
    def edit(profile, lines):
        feature, field = key.split(".", 1)
        profile["features"][feature][field] = value(line_value(line_key or key)(lines))
    return edit


def line_value(key):
    return lambda lines: next(n for k, n in lines if k == key)


def drop_last_flag(text):
    tokens = text.split(" | ")
    return " | ".join(tokens[:-1]) if len(tokens) > 1 else "D3D12_COMMAND_LIST_SUPPORT_FLAG_NONE"


def add_flag_new_value(key, bit, first_retail, first_preview):
    """Adds a flag named in newValues (with its versions) to the JSON field's flags."""
    def edit(profile, lines):
        feature, field = key.split(".", 1)
        name = "D3D12_SELF_TEST_FLAG_%#x" % bit
        profile["features"][feature][field] += " | " + name
        profile.setdefault("newValues", []).append({"field": key, "name": name, "value": bit,
                                                    "firstRetail": first_retail, "firstPreview": first_preview})
    return edit


RT = "D3D12_OPTIONS5.RaytracingTier"
GPUVA = "D3D12_OPTIONS.MaxGPUVirtualAddressBitsPerResource||GPU_VIRTUAL_ADDRESS_SUPPORT.MaxGPUVirtualAddressBitsPerResource"
CROSS = "CROSS_NODE.SharingTier||D3D12_OPTIONS.CrossNodeSharingTier"

SELF_TEST_ROWS = [
    ("unchanged", lambda p, l: None, set()),
    ("BOOL flipped", set_field("D3D12_OPTIONS.ROVsSupported", lambda v: not v), {"D3D12_OPTIONS.ROVsSupported"}),
    ("UINT changed", set_field("D3D12_OPTIONS1.WaveLaneCountMin", lambda v: v + 1), {"D3D12_OPTIONS1.WaveLaneCountMin"}),
    ("tier lowered", set_field("D3D12_OPTIONS7.MeshShaderTier", "D3D12_MESH_SHADER_TIER_NOT_SUPPORTED"),
     {"D3D12_OPTIONS7.MeshShaderTier"}),
    ("tier as a number", set_from_line("D3D12_OPTIONS7.MeshShaderTier", lambda n: n), set()),
    ("flag dropped", set_field("D3D12_OPTIONS3.WriteBufferImmediateSupportFlags", drop_last_flag),
     {"D3D12_OPTIONS3.WriteBufferImmediateSupportFlags"}),
    ("flags as a number", set_from_line("D3D12_OPTIONS3.WriteBufferImmediateSupportFlags", lambda n: n), set()),
    ("flags with a raw bit", set_field("D3D12_OPTIONS3.WriteBufferImmediateSupportFlags", lambda v: v + " | 0x100"),
     {"D3D12_OPTIONS3.WriteBufferImmediateSupportFlags"}),
    ("TRI_STATE to UNKNOWN (-1)", set_field("D3D12_OPTIONS12.MSPrimitivesPipelineStatisticIncludesCulledPrimitives",
                                            "D3D12_TRI_STATE_UNKNOWN"),
     {"D3D12_OPTIONS12.MSPrimitivesPipelineStatisticIncludesCulledPrimitives"}),
    ("field missing", drop_field("D3D12_OPTIONS13.AlphaBlendFactorSupported"),
     {"D3D12_OPTIONS13.AlphaBlendFactorSupported"}),
    ("unknown name", set_field("D3D12_OPTIONS5.RenderPassesTier", "D3D12_RENDER_PASS_TIER_9"),
     {"D3D12_OPTIONS5.RenderPassesTier"}),
    ("name of another field's enum", set_field("D3D12_OPTIONS5.RenderPassesTier", "D3D12_RAYTRACING_TIER_1_0"),
     {"D3D12_OPTIONS5.RenderPassesTier"}),
    ("alias excluded", set_field("SHADER_MODEL.HighestShaderModel", "D3D_HIGHEST_SHADER_MODEL"),
     {"SHADER_MODEL.HighestShaderModel"}),
    ("removed name excluded", set_field("D3D12_OPTIONS4.SharedResourceCompatibilityTier",
                                        "D3D12_SHARED_RESOURCE_COMPATIBILITY_TIER_3"),
     {"D3D12_OPTIONS4.SharedResourceCompatibilityTier"}),
    ("newValues name, right value", add_new_value(RT, "D3D12_RAYTRACING_TIER_9_9", line_value(RT), 600, 700), set()),
    ("newValues name, wrong value", add_new_value(RT, "D3D12_RAYTRACING_TIER_9_9", lambda l: line_value(RT)(l) + 1,
                                                  600, 700), {RT}),
    # The adapter's tier is the highest the reference data declares: a newer one
    # declared after the cutoff reads as that tier through legacy CheckFeatureSupport.
    ("post-cutoff newValue pinned", add_new_value(RT, "D3D12_RAYTRACING_TIER_9_9", lambda l: line_value(RT)(l) + 1,
                                                  622, 723), set()),
    ("newValue of no SDK pinned", add_new_value(RT, "D3D12_RAYTRACING_TIER_9_9", lambda l: line_value(RT)(l) + 1),
     set()),
    ("pre-cutoff newValue not pinned", add_new_value(RT, "D3D12_RAYTRACING_TIER_9_9", lambda l: line_value(RT)(l) + 1,
                                                     616, 717), {RT}),
    ("post-cutoff flag bit dropped", add_flag_new_value("D3D12_OPTIONS3.WriteBufferImmediateSupportFlags", 0x100, 622, 723), set()),
    ("pre-cutoff flag bit kept", add_flag_new_value("D3D12_OPTIONS3.WriteBufferImmediateSupportFlags", 0x100, 600, 700),
     {"D3D12_OPTIONS3.WriteBufferImmediateSupportFlags"}),
    ("shader model below what Init asks", set_field("SHADER_MODEL.HighestShaderModel", "D3D_SHADER_MODEL_5_1"),
     {"SHADER_MODEL.HighestShaderModel"}),
    ("shader model above what Init asks", add_new_value("SHADER_MODEL.HighestShaderModel", "D3D_SHADER_MODEL_9_9",
                                                        lambda l: 0x99), set()),
    ("root signature 1_0", set_field("ROOT_SIGNATURE.HighestVersion", "D3D_ROOT_SIGNATURE_VERSION_1_0"),
     {"ROOT_SIGNATURE.HighestVersion"}),
    ("feature level lowered", set_field("FEATURE_LEVELS.MaxSupportedFeatureLevel", "D3D_FEATURE_LEVEL_11_0"),
     {"FEATURE_LEVELS.MaxSupportedFeatureLevel"}),
    ("first of two read: OPTIONS per-resource bits", set_field("D3D12_OPTIONS.MaxGPUVirtualAddressBitsPerResource",
                                                               lambda v: v - 1), {GPUVA}),
    ("second of two read: CROSS_NODE tier raised", set_from_line("CROSS_NODE.SharingTier", lambda n: n + 1, CROSS),
     {CROSS}),
    ("node-0 getter: UMA flipped", set_field("ARCHITECTURE1.UMA", lambda v: not v), {"ARCHITECTURE1.UMA"}),
    ("C++ line changed", set_line("D3D12_OPTIONS9.WaveMMATier", lambda n: n + 1), {"D3D12_OPTIONS9.WaveMMATier"}),
    ("C++ line of no field", lambda p, l: l.append(("D3D12_OPTIONS.NoSuchField", 0)), {"D3D12_OPTIONS.NoSuchField"}),
]


def self_test(ref, requests, cutoff, cpp, cli):
    lines = parse_cpp(run([cpp]))
    # An adapter whose shader model is the one Init asks for, with mesh shaders
    # and the highest raytracing tier of the reference data, so that the rows
    # above and below these values mean what they say.
    sm_asked = resolve(ref, {}, "SHADER_MODEL.HighestShaderModel", requests["SHADER_MODEL.HighestShaderModel"][0])
    rt_top = max(v for v, _, _ in ref.field_values["D3D12_FEATURE_DATA_D3D12_OPTIONS5.RaytracingTier"])
    adapter = next((a for a, l in lines.items()
                    if ("SHADER_MODEL.HighestShaderModel", sm_asked) in l and (RT, rt_top) in l
                    and line_value("D3D12_OPTIONS7.MeshShaderTier")(l)), None)
    if adapter is None:
        raise SystemExit("error: no adapter with shader model %#x, raytracing tier %d and mesh shaders for the "
                         "self-test" % (sm_asked, rt_top))
    base = cli_profile(cli, adapter)
    print("self-test on adapter %s (%d lines)" % (adapter, len(lines[adapter])))
    passed = failed = 0
    for name, edit, must_fail in SELF_TEST_ROWS:
        profile, row_lines = copy.deepcopy(base), list(lines[adapter])
        edit(profile, row_lines)
        checker = Checker(ref, requests, cutoff)
        checker.compare(adapter, row_lines, profile)
        caught = {key for _, key, _ in checker.failed}
        if caught == must_fail and checker.passed == len(row_lines) - len(must_fail):
            passed += 1
            detail = "; ".join(msg for _, _, msg in checker.failed) or "accepted"
            print("ok   %-45s %s" % (name, detail))
        else:
            failed += 1
            print("FAIL %-45s expected mismatches %s, got %s (%d passed)" % (
                name, sorted(must_fail), sorted(caught), checker.passed))
            for _, key, msg in checker.failed:
                print("       %s: %s" % (key, msg))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    if len(args) != 4 or any(a not in ("--self-test",) for a in argv[1:] if a.startswith("--")):
        sys.stderr.write(__doc__)
        return 2
    cpp, cli, source_dir, header = args
    ref = Reference(source_dir)
    requests = d3dx12_requests(header)
    cutoff = runtime_cutoff(cli)
    if "--self-test" in argv:
        return self_test(ref, requests, cutoff, cpp, cli)
    checker = check_all(ref, requests, cutoff, cpp, cli)
    for note in checker.notes:
        print(note)
    for adapter, key, msg in checker.failed:
        print("MISMATCH %s %s: %s" % (adapter, key, msg))
    print("%d passed, %d failed" % (checker.passed, len(checker.failed)))
    return 1 if checker.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
