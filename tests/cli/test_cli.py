#!/usr/bin/env python3
"""Table-driven tests of the mockd3d12 command: each row runs the CLI with
arguments (and environment) and checks the exit code and the output.

usage: test_cli.py PATH/TO/mockd3d12 SOURCE_DIR
"""
import json
import os
import re
import subprocess
import sys
import tempfile

cli, source_dir = sys.argv[1], sys.argv[2]
lavapipe = os.path.join(source_dir, "data", "reference", "vulkaninfo-lavapipe.json")
report_5070 = os.path.join(source_dir, "data", "adapters", "reports", "nvidia-rtx-5070-ti.json")
report_4090 = os.path.join(source_dir, "data", "adapters", "reports", "nvidia-rtx-4090.json")
machine = os.path.join(source_dir, "tests", "data", "d3d12info", "machine-3x.json")
trace = os.path.join(source_dir, "tests", "data", "trace", "sample.jsonl")
trace_d3d11 = os.path.join(source_dir, "tests", "data", "trace", "d3d11-dxgi.jsonl")

ROWS = [
    # (name, args, extra env, exit code, regex that stdout+stderr must match, regex it must not match)
    ("usage", [], {}, 2, r"usage: mockd3d12 COMMAND", None),
    ("help", ["--help"], {}, 0, r"clamp-table", None),
    ("version", ["--version"], {}, 0, r"^mockd3d12 \d+\.\d+\.\d+", None),
    ("unknown command", ["frobnicate"], {}, 2, r"unknown command 'frobnicate'", None),
    ("adapters help", ["adapters", "--help"], {}, 0, r"usage: mockd3d12 adapters", None),
    ("caps help", ["caps", "--help"], {}, 0, r"--sdk-version N", None),
    ("diff help", ["diff", "--help"], {}, 0, r"Exit status", None),
    ("explain help", ["explain", "--help"], {}, 0, r"--sdk-version N", None),
    ("clamp-table help", ["clamp-table", "--help"], {}, 0, r"--field", None),
    ("import-vulkan help", ["import-vulkan", "--help"], {}, 0, r"--rules", None),
    ("adapters", ["adapters"], {}, 0, r"^  warp +0x1414 .*\(software\)$(?s:.*)^\* nvidia-rtx-5070-ti ", None),
    ("adapters follow MOCKD3D12_ADAPTER", ["adapters"], {"MOCKD3D12_ADAPTER": "warp"}, 0, r"\* warp ", None),
    ("adapters json", ["adapters", "--json"], {}, 0, r'"id": "nextgen"', None),
    ("explain names the inherited profile", ["caps", "--adapter", "warp-nuget-1-0-19", "--explain"], {}, 0,
     r"why: inherited from 'warp'", r"inherited from '\?'"),
    ("caps --format by short name", ["caps", "--adapter", "warp", "--format", "r8g8b8a8_unorm"], {}, 0,
     r"^DXGI_FORMAT_R8G8B8A8_UNORM \(28\)\n    Support1 +BUFFER \| .*TYPED_UNORDERED_ACCESS_VIEW\n"
     r"    Support2 +UAV_TYPED_LOAD \| UAV_TYPED_STORE \| TILED\n    PlaneCount +1\n    SampleCounts +1, 2, 4, 8, 16$",
     r"^D3D12_OPTIONS$"),
    ("caps --format by number, planes", ["caps", "--adapter", "nvidia-rtx-4090", "--format", "103"], {}, 0,
     r"^DXGI_FORMAT_NV12 \(103\)\n(.*\n)*    PlaneCount +2\n", None),
    ("caps --format unsupported", ["caps", "--adapter", "warp", "--format", "DXGI_FORMAT_P208"], {}, 0,
     r"^DXGI_FORMAT_P208 \(130\)\n    unsupported \(FORMAT_SUPPORT answers E_FAIL\)$", None),
    ("caps --format of a newer runtime", ["caps", "--adapter", "warp", "--format", "A4B4G4R4_UNORM", "--runtime", "retail:608"],
     {}, 0, r"^DXGI_FORMAT_A4B4G4R4_UNORM \(191\)\n    \(not a format of this runtime\)$", None),
    ("caps --format unknown", ["caps", "--format", "DXGI_FORMAT_BOGUS"], {}, 2,
     r"--format needs a DXGI_FORMAT this runtime knows .*got 'DXGI_FORMAT_BOGUS'", None),
    ("caps --formats", ["caps", "--adapter", "fl11-minimal", "--formats"], {}, 0,
     r"^D3D12_OPTIONS$(?s:.*)^Formats \(FORMAT_SUPPORT(?s:.*)^DXGI_FORMAT_UNKNOWN \(0\)\n    Support1 +BUFFER\n"
     r"(?s:.*)^DXGI_FORMAT_B4G4R4A4_UNORM \(115\)$", None),
    ("caps --formats and --json", ["caps", "--formats", "--json"], {}, 2, r"do not combine", None),
    ("caps --formats and --format", ["caps", "--formats", "--format", "NV12"], {}, 2, r"do not combine", None),
    ("caps --summary", ["caps", "--adapter", "nvidia-rtx-4090", "--summary"], {}, 0,
     r"^  Feature level +12_2\n  Shader model +6_9\n  Root signature +1_2\n  Resource binding tier +3\n"
     r"  Resource heap tier +2\n  Raytracing \(DXR\) +1_2\n  Mesh shaders +1\n  Variable-rate shading +2\n"
     r"  Sampler feedback +0_9\n  Work graphs +1_0\n  Enhanced barriers +yes\n  Wave operations +yes, 32 lanes\n"
     r"  Confidence +dump$", r"^D3D12_OPTIONS$"),
    ("caps --summary clamps with --sdk-version", ["caps", "--adapter", "nextgen", "--runtime", "retail:622:723",
     "--sdk-version", "620", "--summary"], {}, 0, r"^  Raytracing \(DXR\) +1_2$", r"1_3"),
    ("caps --summary on a minimal adapter", ["caps", "--adapter", "fl11-minimal", "--summary"], {}, 0,
     r"^  Root signature +1_0\n(?s:.*)^  Raytracing \(DXR\) +-\n(?s:.*)^  Wave operations +-\n", None),
    ("adapters --summary", ["adapters", "--summary"], {}, 0,
     r"^ID +FL +SM +RS +BIND +HEAP +DXR +MESH +VRS +SFB +WG +EB +WAVE +CONFIDENCE$(?s:.*)"
     r"^warp +12_1 +6_8 +1_2 +3 +2 +1_1 +1 +1 +1_0 +1_0 +yes +4 +dump$(?s:.*)"
     r"^vulkan-lavapipe +11_0 +6_0 +1_2 .* vulkan$", None),
    ("adapters --summary --confidence", ["adapters", "--summary", "--confidence", "synthetic"], {}, 0,
     r"^fl11-minimal +11_0 (?s:.*)^nextgen +12_2 ", r"warp|nvidia|lavapipe"),
    ("summary and json", ["adapters", "--summary", "--json"], {}, 2, r"--summary does not combine", None),
    ("validate a clean profile and a report", ["validate", os.path.join(source_dir, "data", "profiles", "nextgen.json"), lavapipe],
     {}, 0, r"nextgen\.json: ok\n.*vulkaninfo-lavapipe\.json: ok$", None),
    ("validate a profile that breaks rules", ["validate", os.path.join(source_dir, "tests", "data", "profiles", "inconsistent.json")],
     {}, 1, r"inconsistent\.json: loads, but breaks 7 rule\(s\)\n    SHADER_MODEL\.HighestShaderModel is D3D_SHADER_MODEL_6_4, "
     r"below D3D_SHADER_MODEL_6_5, which FEATURE_LEVELS\.MaxSupportedFeatureLevel D3D_FEATURE_LEVEL_12_2 implies", None),
    ("validate: the worst file decides", ["validate", lavapipe, os.path.join(source_dir, "tests", "data", "profiles", "bad-syntax.json"),
     os.path.join(source_dir, "tests", "data", "profiles", "inconsistent.json")], {}, 3,
     r"lavapipe\.json: ok\n.*bad-syntax\.json: does not load: .*bad-syntax\.json:\d+:\d+: (?s:.*)inconsistent\.json: loads, but", None),
    ("validate a missing file", ["validate", "/nonexistent/p.json"], {}, 3, r"^/nonexistent/p\.json: does not load: ", None),
    ("validate needs a file", ["validate"], {}, 2, r"needs at least one file", None),
    ("adapters confidence column", ["adapters"], {}, 0,
     r"^  warp +0x1414 +0x008C +12_1 +dump +Microsoft(?s:.*)^  warp-nuget-1-0-19 .* partial-dump (?s:.*)"
     r"^  nextgen .* synthetic (?s:.*)^  vulkan-lavapipe .* vulkan ", None),
    ("adapters --confidence filters", ["adapters", "--confidence", "synthetic,partial-observation"], {}, 0,
     r"qualcomm-adreno-x1-85(?s:.*)fl11-minimal(?s:.*)nextgen", r"warp|nvidia-rtx|lavapipe| dump "),
    ("adapters --confidence json", ["adapters", "--json", "--confidence", "vulkan"], {}, 0,
     r'"id": "vulkan-lavapipe",(?s:.*)"confidence": "vulkan"', r'"dump"|"warp"'),
    ("adapters --confidence unknown", ["adapters", "--confidence", "dump,bogus"], {}, 2,
     r"--confidence needs a comma-separated list of dump, partial-dump, .*, got 'dump,bogus'", None),
    ("adapters --confidence empty", ["adapters", "--confidence", ""], {}, 2, r"--confidence needs", None),
    ("caps default", ["caps"], {}, 0,
     r"Adapter   nvidia-rtx-5070-ti(.*\n)*D3D12_OPTIONS5\n(.*\n)*    RaytracingTier +D3D12_RAYTRACING_TIER_1_2\n", "< clamped"),
    ("caps warp 22621", ["caps", "--adapter", "warp-22621"], {}, 0,
     r"HighestShaderModel +D3D_SHADER_MODEL_6_2\n", None),
    ("caps clamps newValues", ["caps", "--adapter", "nextgen", "--runtime", "retail:622:723", "--sdk-version", "620"], {}, 0,
     r"RaytracingTier +D3D12_RAYTRACING_TIER_1_2  < clamped, true: D3D12_RAYTRACING_TIER_1_3", None),
    ("caps at the runtime's version", ["caps", "--adapter", "nextgen", "--runtime", "retail:622:723", "--sdk-version", "622"], {}, 0,
     r"RaytracingTier +D3D12_RAYTRACING_TIER_1_3\n", "< clamped"),
    ("caps remaps the preview number", ["caps", "--adapter", "nextgen", "--runtime", "retail:622:723", "--sdk-version", "723"], {}, 0,
     r"RaytracingTier +D3D12_RAYTRACING_TIER_1_3\n", None),
    ("caps too-new SDK version", ["caps", "--sdk-version", "719"], {}, 4, r"rejects SDK version 719 on this runtime \(retail 620\)", None),
    ("caps runtime without CheckFeatureSupport1", ["caps", "--runtime", "retail:616", "--sdk-version", "616"], {}, 4,
     r"no ID3D12Device17::CheckFeatureSupport1", None),
    ("caps runtime 610 lacks OPTIONS21", ["caps", "--runtime", "retail:610"], {}, 0, r"D3D12_OPTIONS19\n", r"D3D12_OPTIONS2[01]"),
    ("caps unknown adapter", ["caps", "--adapter", "no-such-gpu"], {}, 3, r"no-such-gpu", None),
    ("caps bad MOCKD3D12_ADAPTER", ["caps"], {"MOCKD3D12_ADAPTER": "no-such-gpu"}, 3, r"no-such-gpu", None),
    ("caps bad sdk version", ["caps", "--sdk-version", "six"], {}, 2, r"--sdk-version needs a number, got 'six'", None),
    ("caps bad runtime", ["caps", "--runtime", "beta:620"], {}, 2, r"--runtime needs KIND", None),
    ("caps json and explain", ["caps", "--json", "--explain"], {}, 2, r"do not combine", None),
    ("caps explain", ["caps", "--adapter", "amd-rx-580", "--explain"], {}, 0,
     r"ROVsSupported +FALSE\n +why: stated by the profile, inferred from ROV-VEGA-2018", None),
    ("caps explain names the shader model's source", ["caps", "--adapter", "amd-rx-580", "--explain"], {}, 0,
     r"HighestShaderModel +D3D_SHADER_MODEL_6_6\n +why: stated by the profile, source GODOT-93249-RX580\n", None),
    ("caps explain names a lowerBounds source", ["caps", "--adapter", "amd-rx-7900-xtx", "--explain"], {}, 0,
     r"HighestShaderModel +D3D_SHADER_MODEL_6_8\n +why: raised to the profile's lowerBounds minimum, source AMD-WORKGRAPHS, "
     r"AGILITY-1613\n", None),
    ("caps explain names a rule", ["caps", "--adapter", "nvidia-gtx-1080-ti", "--explain"], {}, 0,
     r"HighestShaderModel +D3D_SHADER_MODEL_6_3\n +why: raised by a rule: D3D12_OPTIONS5\.RaytracingTier >= "
     r"D3D12_RAYTRACING_TIER_1_0 implies it \(DXR 1\.0 shaders are Shader Model 6\.3\)\n", None),
    ("baseline: every value sourced to a rule", ["caps", "--adapter", "min-fl12_2", "--explain"], {}, 0,
     r"ResourceBindingTier +D3D12_RESOURCE_BINDING_TIER_3\n +why: raised by a rule: FEATURE_LEVELS\.MaxSupportedFeatureLevel >= "
     r"D3D_FEATURE_LEVEL_12_2 implies it \(DirectX-Specs, Feature Level 12_2\)\n", "raised to a minimum by a profile rule"),
    ("caps explain names an inferred wave source", ["caps", "--adapter", "intel-hd-530", "--explain"], {}, 0,
     r"WaveOps +TRUE\n +why: stated by the profile, inferred from MS-SM6-WAVE, TPU-HD530\n", None),
    ("caps explain vulkan", ["caps", "--adapter", lavapipe, "--explain"], {}, 0,
     r"OutputMergerLogicOp +TRUE\n +why: derived from the Vulkan report: VkPhysicalDeviceFeatures.logicOp = true", None),
    ("caps vulkan report as adapter", ["caps", "--adapter", lavapipe], {}, 0,
     r"MaxSupportedFeatureLevel +D3D_FEATURE_LEVEL_11_0\n(.*\n)* +HighestShaderModel +D3D_SHADER_MODEL_6_0\n", None),
    ("caps d3d11", ["caps", "--api", "d3d11"], {}, 0,
     r"Runtime   Direct3D 11.4\nDevice    feature level D3D_FEATURE_LEVEL_11_0\n(.*\n)*D3D11_OPTIONS\n(.*\n)* +OutputMergerLogicOp +1\n", None),
    ("caps d3d11 feature levels", ["caps", "--api", "d3d11", "--feature-levels", "12_1,11_1"], {}, 0,
     r"Device    feature level D3D_FEATURE_LEVEL_12_1\n", None),
    ("caps d3d11 on fl11-minimal", ["caps", "--api", "d3d11", "--adapter", "fl11-minimal", "--feature-levels", "12_0,11_0"],
     {}, 0, r"Device    feature level D3D_FEATURE_LEVEL_11_0\n", None),
    ("caps d3d11 runtime 11.0 rejects 11_1", ["caps", "--api", "d3d11", "--feature-levels", "11_1,11_0"],
     {"MOCKD3D12_D3D11_RUNTIME": "11.0"}, 4, r"D3D11CreateDevice on 'nvidia-rtx-5070-ti' failed: 0x80070057", None),
    ("caps d3d11 bad levels", ["caps", "--api", "d3d11", "--feature-levels", "13_0"], {}, 2,
     r"--feature-levels needs levels", None),
    ("caps d3d11 with json", ["caps", "--api", "d3d11", "--json"], {}, 2, r"does not combine", None),
    ("caps feature levels without d3d11", ["caps", "--feature-levels", "11_0"], {}, 2, r"goes with --api d3d11", None),
    ("explain", ["explain", "--adapter", "nextgen", "--runtime", "preview:622:723", "--sdk-version", "721"], {}, 0,
     r"D3D12_OPTIONS5.RaytracingTier\n +true +D3D12_RAYTRACING_TIER_1_3\n +reported D3D12_RAYTRACING_TIER_1_2\n"
     r" +because +the true value first appeared in retail SDK 622 / preview SDK 723", None),
    ("explain preview-721 tiers for a 720 caller", ["explain", "--adapter", "nextgen", "--runtime", "preview:620:721",
     "--sdk-version", "720"], {}, 0, r"PARTIAL_GRAPHICS_PROGRAMS.PartialGraphicsProgramsTier", None),
    ("explain needs an sdk version", ["explain", "--adapter", "warp"], {}, 2, r"needs --sdk-version", None),
    ("diff identical", ["diff", "warp", "warp"], {}, 0, r"0 field\(s\) differ", None),
    ("diff different", ["diff", "warp", "warp-22621"], {}, 1,
     r"D3D12_OPTIONS5.RaytracingTier +D3D12_RAYTRACING_TIER_1_1 +D3D12_RAYTRACING_TIER_NOT_SUPPORTED", None),
    ("diff needs two", ["diff", "warp"], {}, 2, r"needs two adapters", None),
    ("diff covers formats", ["diff", "nvidia-rtx-4090", "vulkan-lavapipe"], {}, 1,
     r"^FORMAT_SUPPORT\[R32G32B32A32_FLOAT\]\.Support2 +UAV_TYPED_LOAD \| TILED +-$", None),
    ("diff: a format one adapter lacks", ["diff", "warp", "nvidia-rtx-4090"], {}, 1,
     r"^FORMAT_SUPPORT\[A4B4G4R4_UNORM\]\.Support1 +BUFFER \| .* +unsupported$", None),
    ("diff: formats of the runtime only", ["diff", "warp", "nvidia-rtx-4090", "--runtime", "retail:608"], {}, 1,
     r"field\(s\) differ", r"A4B4G4R4"),
    ("diff: identical adapters, formats included", ["diff", "warp", "warp"], {}, 0, r"^0 field\(s\) differ$", "FORMAT"),
    ("clamp-table", ["clamp-table"], {}, 0, r"D3D12_PARTIAL_GRAPHICS_PROGRAMS_TIER_1_0 +10 +- +721 yes", None),
    ("clamp-table field", ["clamp-table", "--field", "D3D12_OPTIONS5.RaytracingTier"], {}, 0,
     r"D3D12_RAYTRACING_TIER_1_2 +12 +616 +717 no", "MeshShaderTier"),
    ("clamp-table unknown field", ["clamp-table", "--field", "NoSuchField"], {}, 2, r"no field matches 'NoSuchField'", None),
    ("import-vulkan", ["import-vulkan", lavapipe, "--id", "lvp"], {}, 0, r'"id": "lvp"(.*\n)*.*"derivedFrom"', None),
    ("import-vulkan vkd3d rules", ["import-vulkan", lavapipe, "--rules", "vkd3d"], {}, 0, r'"rules": "vkd3d"', None),
    ("import-vulkan bad rules", ["import-vulkan", lavapipe, "--rules", "dxvk"], {}, 2, r"--rules must be", None),
    ("import-vulkan missing file", ["import-vulkan", "/nonexistent.json"], {}, 3, r"/nonexistent.json", None),
    ("import-vulkan bad id", ["import-vulkan", lavapipe, "--id", "bad id"], {}, 3,
     r"profile id: expected an id of 1 to 64 letters, digits, '\.', '_' or '-', got \"bad id\"", r'"derivedFrom"'),
    ("import-d3d12info help", ["import-d3d12info", "--help"], {}, 0, r"--adapter N", None),
    ("import-d3d12info", ["import-d3d12info", report_5070], {}, 0,
     r'"id": "nvidia-geforce-rtx-5070-ti"(.*\n)*.*"d3d12infoVersion": "3\.18\.0"', None),
    ("import-d3d12info --adapter --id", ["import-d3d12info", machine, "--adapter", "1", "--id", "amd"], {}, 0,
     r'"id": "amd",\n  "description": "AMD Radeon\(TM\) Graphics"', None),
    ("import-d3d12info past the adapters", ["import-d3d12info", machine, "--adapter", "3"], {}, 3,
     r"machine-3x\.json:\d+:\d+: key 'Adapters': no adapter 3: the report has 3", None),
    ("import-d3d12info bad index", ["import-d3d12info", machine, "--adapter", "x"], {}, 2,
     r"--adapter needs the adapter's index in the report, got 'x'", None),
    ("import-d3d12info bad id", ["import-d3d12info", machine, "--id", "no/slash"], {}, 3, r"expected an id of 1 to 64", None),
    ("import-d3d12info no file", ["import-d3d12info"], {}, 2, r"needs a report file", None),
    ("trace-summary help", ["trace-summary", "--help"], {}, 0, r"MOCKD3D12_TRACE", None),
    ("trace-summary", ["trace-summary", trace], {}, 0,
     r"sample\.jsonl: 6 records from 2 process\(es\), 1 records cut short\n(.*\n)*Devices created \(adapter\):\n"
     r"  nextgen +1\n(.*\n)*  warp: E_INVALIDARG +1\n  \(no adapter\): S_FALSE \(a probe\) +1\n(.*\n)*"
     r"  1 call\(s\) of the deprecated ID3D12Device::CheckFeatureSupport(.*\n)*"
     r"  D3D12_OPTIONS5 via CheckFeatureSupport1 \(SDKVersion 616\) +2\n(.*\n)*"
     r"  CheckFeatureSupport1 D3D12_OPTIONS5 \(SDKVersion 616\), size 3: E_INVALIDARG +1\n(.*\n)*"
     r'  D3D12_OPTIONS5\.RaytracingTier on nextgen: the adapter has "D3D12_RAYTRACING_TIER_1_3", CheckFeatureSupport '
     r'answered "D3D12_RAYTRACING_TIER_1_2" +1', None),
    ("trace-summary of libd3d11's and libdxgi's records", ["trace-summary", trace_d3d11], {}, 0,
     r"Devices created \(adapter\):\n  nvidia-rtx-4090 \(Direct3D 11\) +1\n"
     r"Device creations that failed or were probes:\n  \(no adapter\) \(Direct3D 11\): E_INVALIDARG +1\n(.*\n)*"
     r"  IDXGIFactory1::EnumAdapters1 +1\n(.*\n)*  THREADING via ID3D11Device::CheckFeatureSupport +1", None),
    ("trace-summary --json", ["trace-summary", trace, "--json"], {}, 0,
     r'"records": 6,\n  "processes": 2,(.*\n)*  "deprecatedCalls": 1', None),
    ("trace-summary missing file", ["trace-summary", "/nonexistent.jsonl"], {}, 3, r"/nonexistent\.jsonl: cannot open", None),
    ("trace-summary of a file that is no trace", ["trace-summary", machine], {}, 4, r"lines that are not a record", None),
    ("trace-summary no file", ["trace-summary"], {}, 2, r"needs a trace file", None),
    ("export-d3d12info help", ["export-d3d12info", "--help"], {}, 0, r"--formats", None),
    ("export-d3d12info", ["export-d3d12info"], {"MOCKD3D12_ADAPTERS": machine}, 0,
     r'"Program": "mockd3d12 export-d3d12info"(.*\n)*.*"Description": "AMD Radeon\(TM\) Graphics"', r'"Formats"'),
    ("export-d3d12info preview runtime", ["export-d3d12info", "--runtime", "preview:620:721"], {}, 0,
     r'"D3D12_PREVIEW_SDK_VERSION": 721', None),
    ("caps of a report", ["caps", "--adapter", report_5070, "--format", "DXGI_FORMAT_AI44"], {}, 0,
     r"Support1 +TEXTURE2D", r"unsupported"),
    ("caps --explain of a report", ["caps", "--adapter", report_5070, "--explain"], {}, 0,
     r"stated by the profile, source D3d12info 3\.18\.0 report .*nvidia-rtx-5070-ti\.json, adapter 0, SDK 619", None),
    # A malformed runtime variable fails the command (status 4), said once, never a silent default.
    ("malformed MOCKD3D12_SDK_VERSION", ["caps"], {"MOCKD3D12_SDK_VERSION": "abc"}, 4,
     r"\A[^\n]*MOCKD3D12_SDK_VERSION=\"abc\" is invalid[^\n]*\n\Z", None),
    ("malformed MOCKD3D12_RUNTIME_KIND", ["adapters"], {"MOCKD3D12_RUNTIME_KIND": "beta"}, 4,
     r"MOCKD3D12_RUNTIME_KIND", r"^\* "),
    ("--runtime overrides a malformed variable", ["caps", "--runtime", "retail:616:717"],
     {"MOCKD3D12_SDK_VERSION": "abc"}, 0, r"D3D12_SDK_VERSION 616", None),
    ("an invalid --runtime says why", ["caps", "--runtime", "preview:620:99999"], {}, 2,
     r"invalid runtime: .*preview_sdk_version 99999", None),
]


def run(args, env=None):
    e = {k: v for k, v in os.environ.items() if not k.startswith("MOCKD3D12_")}
    e.update(env or {})
    p = subprocess.run([cli] + args, env=e, capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout + p.stderr, p.stdout


failed = 0
for name, args, env, code, must, must_not in ROWS:
    rc, out, _ = run(args, env)
    problems = []
    if rc != code:
        problems.append("exit %d, expected %d" % (rc, code))
    if must and not re.search(must, out, re.M):
        problems.append("output does not match %r" % must)
    if must_not and re.search(must_not, out, re.M):
        problems.append("output matches %r" % must_not)
    if problems:
        failed += 1
        print("FAIL %s: %s\n%s" % (name, "; ".join(problems), out[-2000:]))
    else:
        print("ok   %s" % name)

# caps --json of every adapter validates clean and loads back as a profile with identical values:
# renamed (id and LUID must be unique), the reloaded profile differs in no field
# and dumps the same features, formats and newValues.
rc, _, text = run(["adapters", "--json"])
adapters = [a["id"] for a in json.loads(text)]
with tempfile.TemporaryDirectory() as tmp:
    for n, adapter in enumerate(adapters):
        name = "round trip " + adapter
        rc, out, text = run(["caps", "--adapter", adapter, "--json"])
        profile = json.loads(text)
        profile["id"] = adapter + "-roundtrip"
        profile["adapter"]["luid"] = {"LowPart": 0x7E000000 + n, "HighPart": 0x7E}
        path = os.path.join(tmp, adapter + ".json")
        with open(path, "w") as f:
            json.dump(profile, f)
        rc_diff, out_diff, _ = run(["diff", adapter, path])
        rc2, out2, text2 = run(["caps", "--adapter", path, "--json"])
        rc_valid, out_valid, _ = run(["validate", path])
        problems = []
        if rc_valid != 0:
            problems.append("validate exit %d: %s" % (rc_valid, out_valid[-1500:]))
        if rc_diff != 0:
            problems.append("diff exit %d:\n%s" % (rc_diff, out_diff[-1500:]))
        if rc2 != 0:
            problems.append("reload exit %d: %s" % (rc2, out2[-500:]))
        else:
            again = json.loads(text2)
            for key in ("features", "formats", "newValues", "description"):
                if again.get(key) != profile.get(key):
                    problems.append("'%s' differs after the round trip" % key)
        if problems:
            failed += 1
            print("FAIL %s: %s" % (name, "; ".join(problems)))
        else:
            print("ok   %s" % name)

# MOCKD3D12_PROFILE_PATH: every file that does not load is named on stderr,
# once, with its reason; the good one still loads; asking for a bad id names
# the first failure and counts the others.
path_checks = 0
with tempfile.TemporaryDirectory() as tmp:
    good, bad = os.path.join(tmp, "profiles"), os.path.join(tmp, "missing-dir")
    os.mkdir(good)
    with open(os.path.join(good, "a-good.json"), "w") as f:
        json.dump({"id": "path-good"}, f)
    with open(os.path.join(good, "b-duplicate.json"), "w") as f:
        json.dump({"id": "warp"}, f)
    os.mkdir(os.path.join(good, "c-directory.json"))
    os.symlink(os.path.join(tmp, "nowhere.json"), os.path.join(good, "d-dangling.json"))
    os.mkfifo(os.path.join(good, "e-fifo.json"))
    env = {"MOCKD3D12_PROFILE_PATH": good + ":" + bad}
    expected = [
        ("b-duplicate.json", r"b-duplicate\.json: duplicate adapter id 'warp'"),
        ("c-directory.json", r"c-directory\.json: not a file: a directory \(skipped\)"),
        ("d-dangling.json", r"d-dangling\.json: cannot read it: No such file or directory \(skipped\)"),
        ("e-fifo.json", r"e-fifo\.json: not a file: a FIFO \(skipped\)"),
        ("missing-dir", r"missing-dir: cannot read the directory: No such file or directory \(skipped\)"),
    ]
    rc, out, _ = run(["adapters"], env)
    checks = [("profile path: exit 0", rc == 0), ("profile path: the good file loads", "path-good" in out),
              ("profile path: a profile without metadata is unstated",
               re.search(r"^  path-good .* unstated ", out, re.M) is not None)]
    for name, pattern in expected:
        lines = [l for l in out.splitlines() if l.startswith("mockd3d12: MOCKD3D12_PROFILE_PATH: ") and name in l]
        checks.append(("profile path: " + name + " named once with its reason",
                       len(lines) == 1 and re.search(pattern, lines[0]) is not None))
    checks.append(("profile path: no empty message", not re.search(r"MOCKD3D12_PROFILE_PATH: $", out, re.M)))
    rc, out, _ = run(["caps", "--adapter", "path-missing"], env)
    checks.append(("profile path: an unknown id names the first failure and counts the rest",
                   rc == 3 and re.search(r"failed to load: [^;]*c-directory\.json: not a file: a directory "
                                         r"\(skipped\); and 4 more, each named on stderr", out) is not None))
    for name, ok in checks:
        path_checks += 1
        if ok:
            print("ok   %s" % name)
        else:
            failed += 1
            print("FAIL %s\n%s" % (name, out[-2000:]))

# A dump loads back as it is (its id and LUID those of the adapter it came
# from): the file named is what the user asked for, used there with a note,
# with answers identical to the adapter's; diff compares the two.
dump_checks = 0
with tempfile.TemporaryDirectory() as tmp:
    for adapter in ("warp", "nextgen", "nvidia-rtx-4090", "vulkan-lavapipe"):
        rc, out, text = run(["caps", "--adapter", adapter, "--json"])
        path = os.path.join(tmp, adapter + ".json")
        with open(path, "w") as f:
            f.write(text)
        rc2, out2, text2 = run(["caps", "--adapter", path, "--json"])
        rc3, out3, _ = run(["diff", adapter, path])
        rc4, out4, _ = run(["caps"], {"MOCKD3D12_ADAPTER": path})
        checks = [
            ("dump of %s loads back" % adapter, rc2 == 0 and json.loads(text2).get("features") == json.loads(text).get(
                "features") and json.loads(text2).get("formats") == json.loads(text).get("formats")),
            ("dump of %s: one note" % adapter, out2.count("mockd3d12: note: ") == 1 and "used where it is named" in out2),
            ("dump of %s: diff finds no difference" % adapter, rc3 == 0 and "0 field(s) differ" in out3),
            ("dump of %s as MOCKD3D12_ADAPTER" % adapter, rc4 == 0 and ("Adapter   %s:" % adapter) in out4),
        ]
        for name, ok in checks:
            dump_checks += 1
            if ok:
                print("ok   %s" % name)
            else:
                failed += 1
                print("FAIL %s\n%s\n%s\n%s" % (name, out2[-800:], out3[-800:], out4[-400:]))

# Reports round trip: import, export and import again give the same answers.
report_checks = 0
with tempfile.TemporaryDirectory() as tmp:
    checks = []
    rc, out, text = run(["export-d3d12info", "--formats", "--all-adapters"], {"MOCKD3D12_ADAPTERS": machine})
    exported = os.path.join(tmp, "exported.json")
    with open(exported, "w") as f:
        f.write(text)
    checks.append(("export-d3d12info --formats --all-adapters: three adapters with formats", rc == 0
                   and len(json.loads(text)["Adapters"]) == 3 and "Formats" in json.loads(text)["Adapters"][0]))
    # Which adapters, as D3d12info chooses them: hardware ones by default, --WARP the software one only.
    for name, args, env, want in (
            ("export-d3d12info: the hardware adapters only", [], {"MOCKD3D12_ADAPTERS": machine},
             ["NVIDIA GeForce RTX 5070 Ti", "AMD Radeon(TM) Graphics"]),
            ("export-d3d12info --warp: the software adapter only", ["--warp"], {"MOCKD3D12_ADAPTERS": machine},
             ["Microsoft Basic Render Driver"]),
            ("export-d3d12info: a one-adapter report exports as one", [], {"MOCKD3D12_ADAPTERS": report_5070},
             ["NVIDIA GeForce RTX 5070 Ti"])):
        rc2, _, text2 = run(["export-d3d12info"] + args, env)
        got = [a["DXGI_ADAPTER_DESC3"]["Description"] for a in json.loads(text2)["Adapters"]] if rc2 == 0 else rc2
        checks.append((name + " (got %s)" % (got,), got == want))
    first = json.loads(text)["Adapters"][0]
    with open(machine) as f:
        source = json.load(f)["Adapters"][0]
    # D3d12info's layout: its sections, keyed as it keys them, with the report's values.
    for section in ("D3D12_FEATURE_DATA_BARRIER_LAYOUT", "D3D12_FEATURE_DATA_COMMAND_QUEUE_PRIORITY",
                    "GetDescriptorHandleIncrementSize", "CheckInterfaceSupport", "DXGI_ADAPTER_DESC3",
                    "DXGI_QUERY_VIDEO_MEMORY_INFO[DXGI_MEMORY_SEGMENT_GROUP_LOCAL]", "D3D12_FEATURE_DATA_ARCHITECTURE1"):
        checks.append(("export-d3d12info: %s as the report has it" % section, first.get(section) == source.get(section)))
    checks.append(("export-d3d12info: no section D3d12info does not print",
                   "D3D12_FEATURE_DATA_ARCHITECTURE" not in first and "D3D12_FEATURE_DATA_DISPLAYABLE" not in first))
    checks.append(("export-d3d12info: the report's formats", first["Formats"] == source["Formats"]))
    for n in range(3):
        rc1, _, profile = run(["import-d3d12info", exported, "--adapter", str(n), "--id", "x%d" % n])
        path = os.path.join(tmp, "x%d.json" % n)
        with open(path, "w") as f:
            f.write(profile)
        rc2, out2, _ = run(["import-d3d12info", machine, "--adapter", str(n), "--id", "y%d" % n])
        with open(os.path.join(tmp, "y%d.json" % n), "w") as f:
            f.write(out2)
        rc3, out3, _ = run(["diff", path, os.path.join(tmp, "y%d.json" % n)])
        checks.append(("report adapter %d: export, import, diff with the report: identical" % n,
                       rc1 == 0 and rc2 == 0 and rc3 == 0 and "0 field(s) differ" in out3))
    # The preview report (RTX 4090, D3d12info 3.10.1, preview SDK 717) reproduced at its runtime: every
    # D3D12 section it prints, the withdrawn cooperative-vector ones included, equals the report's
    # (COMMAND_QUEUE_PRIORITY included: D3d12info 3.10.1 asked the three graphics queue types only, and so
    # does the export at a runtime before SDK 619 / preview 719, those D3d12info 3.16.0 was first built with).
    preview_717 = {"MOCKD3D12_ADAPTERS": "nvidia-rtx-4090", "MOCKD3D12_RUNTIME_KIND": "preview",
                   "MOCKD3D12_PREVIEW_SDK_VERSION": "717"}
    rc5, _, text5 = run(["export-d3d12info"], preview_717)
    with open(report_4090) as f:
        report = json.load(f)["Adapter"]
    exported_4090 = json.loads(text5)["Adapters"][0] if rc5 == 0 else {}
    sections = [k for k in report if k.startswith("D3D12_")]
    differ = [k for k in sections if exported_4090.get(k) != report[k]]
    extra = [k for k in exported_4090 if k.startswith("D3D12_") and k not in report]
    checks.append(("export-d3d12info at preview 717 reproduces the RTX 4090 report (differ %s, extra %s)"
                   % (differ, extra), rc5 == 0 and not differ and not extra))
    for section in ("D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL", "D3D12_FEATURE_DATA_COOPERATIVE_VECTOR",
                    "D3D12_FEATURE_DATA_HARDWARE_SCHEDULING_QUEUE_GROUPINGS"):
        checks.append(("export-d3d12info at preview 717: %s as the report has it" % section,
                       section in report and exported_4090.get(section) == report[section]))
    checks.append(("export-d3d12info at preview 717: COMMAND_QUEUE_PRIORITY without video queue types, as "
                   "D3d12info 3.10.1 printed it", "TYPE_DIRECT.PRIORITY_HIGH.PriorityForTypeIsSupported"
                   in exported_4090.get("D3D12_FEATURE_DATA_COMMAND_QUEUE_PRIORITY", {})
                   and exported_4090.get("D3D12_FEATURE_DATA_COMMAND_QUEUE_PRIORITY")
                   == report["D3D12_FEATURE_DATA_COMMAND_QUEUE_PRIORITY"]))
    # At SDK 619 the export is D3d12info 3.16.0+'s: the video queue types too (the RTX 5070 Ti's 3.18.0 report).
    with open(report_5070) as f:
        priorities_5070 = json.load(f)["Adapter"]["D3D12_FEATURE_DATA_COMMAND_QUEUE_PRIORITY"]
    rc9, _, text9 = run(["export-d3d12info"], {"MOCKD3D12_ADAPTERS": "nvidia-rtx-5070-ti",
                                               "MOCKD3D12_SDK_VERSION": "619"})
    got9 = (json.loads(text9)["Adapters"][0] if rc9 == 0 else {}).get("D3D12_FEATURE_DATA_COMMAND_QUEUE_PRIORITY")
    checks.append(("export-d3d12info at retail 619: COMMAND_QUEUE_PRIORITY with the video queue types, as "
                   "D3d12info 3.18.0 printed the RTX 5070 Ti's (%d keys)" % len(got9 or {}),
                   "TYPE_VIDEO_ENCODE.PRIORITY_NORMAL.PriorityForTypeIsSupported" in priorities_5070
                   and got9 == priorities_5070))
    rc10, _, text10 = run(["export-d3d12info"], {"MOCKD3D12_ADAPTERS": "nvidia-rtx-5070-ti",
                                                 "MOCKD3D12_SDK_VERSION": "618"})
    got10 = (json.loads(text10)["Adapters"][0] if rc10 == 0 else {}).get("D3D12_FEATURE_DATA_COMMAND_QUEUE_PRIORITY")
    checks.append(("export-d3d12info at retail 618: COMMAND_QUEUE_PRIORITY of the graphics queue types only "
                   "(D3d12info 3.15.1)", rc10 == 0 and got10 is not None and len(got10) == 9
                   and not any(k.startswith("TYPE_VIDEO") for k in got10)))
    for version, kind in (("720", "preview"), ("716", "preview")):
        rc6, _, text6 = run(["export-d3d12info"], {"MOCKD3D12_ADAPTERS": "nvidia-rtx-4090",
                                                   "MOCKD3D12_RUNTIME_KIND": kind,
                                                   "MOCKD3D12_PREVIEW_SDK_VERSION": version})
        got = json.loads(text6)["Adapters"][0] if rc6 == 0 else {}
        checks.append(("export-d3d12info at preview %s: no cooperative-vector sections" % version, rc6 == 0
                       and "D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL" not in got
                       and "D3D12_FEATURE_DATA_COOPERATIVE_VECTOR" not in got))
    # Preview 711 had another layout of D3D12_OPTIONS_EXPERIMENTAL (WorkGraphsTier): D3d12info 1.5.0 to 3.5.1's
    # preview builds (1.711.3-preview) printed it as a number, and no OPTIONS21; from 714 no feature 9.
    for adapter, version, expected in (("nvidia-rtx-4090", "711", {"WorkGraphsTier": 10}),
                                       ("nvidia-gtx-1080-ti", "711", {"WorkGraphsTier": 0}),
                                       ("nvidia-rtx-4090", "714", None)):
        rc11, _, text11 = run(["export-d3d12info"], {"MOCKD3D12_ADAPTERS": adapter, "MOCKD3D12_RUNTIME_KIND": "preview",
                                                     "MOCKD3D12_PREVIEW_SDK_VERSION": version})
        got11 = json.loads(text11)["Adapters"][0] if rc11 == 0 else {}
        checks.append(("export-d3d12info of %s at preview %s: D3D12_OPTIONS_EXPERIMENTAL %s" % (adapter, version,
                       expected), rc11 == 0 and got11.get("D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL") == expected
                       and ("D3D12_FEATURE_DATA_D3D12_OPTIONS21" in got11) == (expected is None)))
    # ... and such an export imports back with that tier as the adapter's work-graphs tier (OPTIONS21's).
    rc12, _, text12 = run(["export-d3d12info"], {"MOCKD3D12_ADAPTERS": "nvidia-rtx-4090",
                                                 "MOCKD3D12_RUNTIME_KIND": "preview", "MOCKD3D12_PREVIEW_SDK_VERSION": "711"})
    exported_711 = os.path.join(tmp, "exported-4090-711.json")
    with open(exported_711, "w") as f:
        f.write(text12)
    rc13, profile13, _ = run(["import-d3d12info", exported_711, "--id", "x4090-711"])
    imported_711 = json.loads(profile13) if rc13 == 0 else {}
    checks.append(("import-d3d12info of a preview-711 export: OPTIONS_EXPERIMENTAL.WorkGraphsTier 10 becomes "
                   "OPTIONS21.WorkGraphsTier, not an ignored key", rc12 == 0 and rc13 == 0
                   and imported_711.get("features", {}).get("D3D12_OPTIONS21") == {"WorkGraphsTier": 10}
                   and not any("OPTIONS_EXPERIMENTAL" in k
                               for k in imported_711.get("metadata", {}).get("ignoredKeys", []))))
    # ... and the export imports back with the same cooperative-vector answers as the report.
    exported_path = os.path.join(tmp, "exported-4090.json")
    with open(exported_path, "w") as f:
        f.write(text5)
    rc7, profile7, _ = run(["import-d3d12info", exported_path, "--id", "x4090"])
    rc8, profile8, _ = run(["import-d3d12info", report_4090, "--id", "y4090"])
    p7 = json.loads(profile7) if rc7 == 0 else {}
    p8 = json.loads(profile8) if rc8 == 0 else {}
    checks.append(("RTX 4090 at preview 717: export, import: the report's cooperativeVector and tier",
                   rc7 == 0 and rc8 == 0 and p7.get("cooperativeVector") == p8.get("cooperativeVector")
                   and len(p8.get("cooperativeVector", {}).get("pMatrixVectorMulAddProperties", [])) == 18
                   and p7["features"].get("D3D12_OPTIONS_EXPERIMENTAL") == {"CooperativeVectorTier": 17}
                   and p7["features"].get("HARDWARE_SCHEDULING_QUEUE_GROUPINGS") == {"ComputeQueuesPer3DQueue": 16}))
    # trace-summary counts a legacy call as deprecated unless its record says it was not (a runtime
    # without ID3D12Device17); records from before the field count as they did.
    trace = os.path.join(tmp, "legacy.jsonl")
    with open(trace, "w") as f:
        for deprecated in ("true", "false", None):
            extra = ', "deprecated": %s' % deprecated if deprecated else ""
            f.write('{"pid": 1, "entry": "CheckFeatureSupport", "adapter": "warp", "feature": "D3D12_OPTIONS",'
                    ' "size": 60%s, "hr": "S_OK"}\n' % extra)
    rc4, out4, _ = run(["trace-summary", trace, "--json"])
    checks.append(("trace-summary: legacy calls on a runtime without CheckFeatureSupport1 are not deprecated",
                   rc4 == 0 and json.loads(out4).get("deprecatedCalls") == 2))
    for name, ok in checks:
        report_checks += 1
        if ok:
            print("ok   %s" % name)
        else:
            failed += 1
            print("FAIL %s" % name)

total = len(ROWS) + len(adapters) + path_checks + dump_checks + report_checks
print("%d passed, %d failed" % (total - failed, failed))
sys.exit(1 if failed else 0)
