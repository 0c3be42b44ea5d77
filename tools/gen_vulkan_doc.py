#!/usr/bin/env python3
"""Write docs/vulkan.md: how to import a Vulkan report, the expression
language, and the mapping tables generated from data/vulkan-rules.tsv,
data/vulkan-formats.tsv and data/vulkan-format-rules.tsv.

usage: gen_vulkan_doc.py DATA_DIR OUT.md
The output is committed as docs/vulkan.md; rerun after editing the rules (the
test vulkan_doc fails while the committed file differs).
"""
import os
import sys

from refdata import read_tsv

INTRO = """# Adapter profiles from Vulkan device reports

`vulkaninfo --json` writes a Vulkan Profiles document describing a GPU (features, properties
and limits, format properties, queue families). mockd3d12 turns such a report into an adapter
profile by the rules the D3D12-on-Vulkan layers apply: **vkd3d-proton** (the default) or Wine's
**vkd3d** (1.14). The rules are data: `data/vulkan-rules.tsv`, built from
`data/reference/vulkan-to-d3d12.tsv` (see `data/reference/vulkan-README.md` for the sources), and
for FORMAT_SUPPORT `data/vulkan-formats.tsv` and `data/vulkan-format-rules.tsv`. This page is
generated from those tables by `tools/gen_vulkan_doc.py`.

## Importing a report

```
vulkaninfo --json -o my-gpu.json
mockd3d12 import-vulkan my-gpu.json [--rules vkd3d-proton|vkd3d] [--id ID] > my-gpu.profile.json
MOCKD3D12_ADAPTER=./my-gpu.profile.json ./my-d3d12-test
MOCKD3D12_ADAPTER=./my-gpu.json ./my-d3d12-test       # a report directly: derived by the default rules
mockd3d12 caps --adapter my-gpu.json --explain         # each field with the Vulkan inputs that decided it
```

Wherever a profile file is accepted (`MOCKD3D12_ADAPTER`, `MOCKD3D12_PROFILE_PATH`, `--adapter`,
`mockd3d12_register_profile_file`), a Vulkan report is accepted too and stands for the profile
derived from it by the default rules.

In C, `caps_vulkan_import()` (`src/caps/vulkan.h`) returns the profile text.
`caps_vulkan_is_report()` tells a report from a profile (an object with `capabilities.device`),
so a registry can accept a report wherever it accepts a profile file.

The profile has the usual shape (docs/profiles.md): `id` (`vulkan-<device name>`, lower case, runs
of other characters as one `-`, plus `-vkd3d` under the vkd3d rules, unless `--id` is given; a
name too long for the 64 characters of an id is cut and ends with `-` and 8 hex digits of a hash of
the whole name), `description`, `adapter` (vendor and
device ids from `VkPhysicalDeviceProperties`, `software` for `VK_PHYSICAL_DEVICE_TYPE_CPU`) and
`features` with one value for every field below, and `formats` with the FORMAT_SUPPORT of every
DXGI format (see "Formats" below). Its `metadata` records the derivation:

| key | what it holds |
| --- | --- |
| `vulkanReport` | device name, Vulkan API version, device type, vendor/device id, driver id and info |
| `rules` | the rule set used |
| `derivedFrom` | per field, the inputs that decided it, e.g. `"FEATURE_LEVELS.MaxSupportedFeatureLevel": "VkPhysicalDeviceFeatures.logicOp = true; ...; VkPhysicalDeviceLimits.maxPerStageDescriptorStorageBuffers = 32"`. Conditions short-circuit, so an unmet condition lists the inputs up to the one that failed it. |
| `fieldRules` | per field, the kind and the `data/vulkan-rules.tsv` line of the row that gave the value |
| `defaults` | the fields whose value the report did not decide: `constant`, `assumed` or `not-handled` |
| `absentInputs` | the structs (JSON paths) the rules read that the report does not contain |
| `formatsDerivedFrom` | per DXGI format, the VkFormat read, its features as the layer sees them and the `data/vulkan-format-rules.tsv` lines that set (or, marked `(clear)`, removed) bits, e.g. `"DXGI_FORMAT_BC1_UNORM": "VK_FORMAT_BC1_RGBA_UNORM_BLOCK VkFormatProperties3.optimalTilingFeatures = SAMPLED_IMAGE,BLIT_SRC,...; VkFormatProperties3.bufferFeatures = (none); data/vulkan-format-rules.tsv:32,33,35,36,39,41"` |
| `formatConditions` | the device conditions of the format rules, each with its value and inputs |

### The built-in lavapipe profile

`data/reference/vulkaninfo-lavapipe.json` (Mesa 22.3.6 lavapipe) is compiled into the library and
derived with the default rules by `caps_vulkan_builtin_profile()` (id `vulkan-lavapipe`): feature
level 11_0 and shader model 6.0, as the worked example of `vulkan-README.md` says
(`tests/unit/test_vulkan_import.c` checks it field by field, registers it and queries it through
CheckFeatureSupport). The adapter registry registers it after its own built-ins.

### What the report cannot say

* A struct that is absent means the device does not expose it: its members read as FALSE/0 and
  its path is listed in `absentInputs`. An extension's struct counts only when the extension is
  listed (`ext(...)` guards in the rules). A Vulkan 1.1-1.3 core struct that is absent is looked
  up in the struct it was promoted from (same member name), as older drivers report them.
* Memory properties, the fragment-shading-rate list, per-format image-format queries and
  environment settings are not in a report. The fields that need them are `assumed` (see the
  table): ResourceHeapTier keeps only the bufferImageGranularity test, UMA/CacheCoherentUMA and
  GPUUploadHeapSupported assume a UMA-like topology for CPU devices and Intel integrated GPUs,
  AdditionalShadingRatesSupported is FALSE, CreateByteOffsetViewsSupported follows
  VK_EXT_descriptor_buffer.
* Environment overrides (`VKD3D_FEATURE_LEVEL`, `VKD3D_SHADER_MODEL`, `VKD3D_CONFIG`,
  `VKD3D_CAPS_OVERRIDE`) and application profiles are not applied: the profile is what the layer
  reports with none set. vkd3d-proton's device-creation requirements (Vulkan 1.3, maintenance5/6,
  ...) are not checked: like the worked example of vulkan-README.md, the caps are worked out anyway.
* Under the vkd3d rules, the features Wine vkd3d 1.14 answers with E_NOTIMPL (OPTIONS19-22,
  D3D12_TIGHT_ALIGNMENT, ...) get zero values (`not-handled`).
* Per-format image-format queries (`vkGetPhysicalDeviceImageFormatProperties2`) are not in a
  report: MULTISAMPLE_LOAD assumes the format's sample counts follow
  `framebufferColorSampleCounts` (4 samples) when it is a colour or depth-stencil attachment in
  optimal tiling, and TILED assumes the sparse 2D image query succeeds (it is removed anyway when
  TiledResourcesTier is NOT_SUPPORTED). These rows are marked `assumed`. MULTISAMPLE_QUALITY_LEVELS
  and the sample counts themselves still come from the profile loader's format rules.

### Formats

`data/vulkan-formats.tsv` maps each DXGI format to the VkFormat the layer uses (vkd3d-proton's
`vkd3d_formats` and depth-stencil tables and its format compatibility lists; Wine vkd3d 1.14's
tables), and `data/vulkan-format-rules.tsv` says which D3D12_FORMAT_SUPPORT1/2 bits which format
features give (the tables are below). The profile's `formats` has an entry for every DXGI format
of `data/format-support.tsv` but UNKNOWN (which the profile format cannot describe; the loader's
rule gives BUFFER, as both layers do):

* a mapped format gets the bits its features give. A VkFormat the report does not list has no
  features (vulkaninfo lists only the formats with some support), so usually no bits;
* a DXGI format the layer has no VkFormat for gets an entry with no bits: CheckFeatureSupport
  answers E_FAIL, as vkd3d-proton does (Wine vkd3d answers E_INVALIDARG, which a profile cannot
  say);
* both cases are written explicitly because a profile without an entry would fall back to the
  feature-level rules, which describe a Windows driver, not the layer.

A report without a `formats` section gets no `formats` key (the feature-level rules answer, as
for any profile) and `capabilities.device.formats` is listed in `absentInputs`. A report whose
format entries lack `VkFormatProperties3` is read from `VkFormatProperties` (the
`STORAGE_READ_WITHOUT_FORMAT`/`STORAGE_WRITE_WITHOUT_FORMAT` bits then read as absent).
The layer's fallbacks are applied: D24_UNORM_S8_UINT uses D32_SFLOAT_S8_UINT when it has no
optimal DEPTH_STENCIL_ATTACHMENT, and vkd3d-proton's A8_UNORM uses R8_UNORM when A8 lacks one of
R8's features (lavapipe has no A8_UNORM_KHR). `tests/unit/test_vulkan_formats.c` checks lavapipe's
answers bit by bit through CheckFeatureSupport.

### Errors

A malformed or damaged report fails with the line and column of the offending value in your file
(of the object that lacks it, for a missing member) and its JSON path, for example
`my-gpu.json:512:25: capabilities.device.properties.VkPhysicalDeviceProperties.apiVersion: expected a
non-negative integer, got -5`, `my-gpu.json:88:5: capabilities.device.features.VkPhysicalDeviceFeatures.logicOp:
missing (VkPhysicalDeviceFeatures has 55 members; a report lists all)` or
`my-gpu.json:601:7: capabilities.device.properties.VkPhysicalDeviceVulkan13Properties.minSubgroupSize:
missing from a present struct (a partial report; the rules need it)`; a JSON syntax error gives
`file:line:column` and jansson's text. Values Vulkan's own types bound are checked in the report too, so the
error points into your file and not into the profile derived from it: `vendorID`, `deviceID` and
`apiVersion` are `uint32_t` (`my-gpu.json:1:4077: ….vendorID: 1099511627776 is not a uint32_t (at most
4294967295)`), and `deviceName` fits `VK_MAX_PHYSICAL_DEVICE_NAME_SIZE` (256) with its terminating NUL: at most
255 bytes (`….deviceName: 256 bytes; VK_MAX_PHYSICAL_DEVICE_NAME_SIZE (256) holds 255 and the terminating NUL`).
Test: `test_vulkan_import` `test_report_value_errors`.

## The rule table

`data/vulkan-rules.tsv` has the columns `target`, `rules` (`*`, `vkd3d-proton` or `vkd3d`),
`kind`, `value` and `when`. A target is a D3D12 field (`FEATURE.Field`, the feature without
`D3D12_FEATURE_`) or a helper variable (`$name`). For each target and rule set the rows are
tried in order; the first whose `when` holds (an empty `when` always holds) gives the value.
Targets are evaluated on demand, so a rule may read any other field or variable.
`tools/gen_vulkan_rules.py` checks every target and that every group ends with an
unconditional row, and compiles the table into the library.

Expressions:

| form | meaning |
| --- | --- |
| `VkPhysicalDeviceFeatures.shaderFloat64` | a report input: `features.<struct>`, `properties.<struct>`; `VkPhysicalDeviceLimits.x` and `VkPhysicalDeviceSparseProperties.x` are inside `VkPhysicalDeviceProperties` |
| `VkPhysicalDeviceLimits.maxComputeWorkGroupCount[0]` | an array element |
| `ext(VK_EXT_x)` | the extension is listed |
| `has(list, A, B, ...)` | a flag list (e.g. `subgroupSupportedOperations`) contains every name |
| `in(value, A, B, ...)` | an enum string is one of the names |
| `img(bits(A, B), F1, F2, ...)` | every format `VK_FORMAT_F` has every `VK_FORMAT_FEATURE_2_A_BIT` in its image features (`VkFormatProperties3` optimal tiling, linear tiling when optimal has no usable bit) |
| `img1(bits(...), F...)` / `buf1(bits(...), F...)` | the same on `VkFormatProperties` linear-or-optimal / buffer features |
| `sparse_queue()` | a queue family with SPARSE_BINDING (transfer families with a zero image granularity skipped) |
| `copy_queue_timestamps()` / `copy_queue_timestamps_wine()` | the copy-queue family each layer picks has `timestampValidBits != 0` |
| `fsr_tile_size()` | the first of 8, 16, 32 inside the fragment-shading-rate attachment texel size range, else 0 |
| `FEATURE.Field`, `$name` | another target's value |
| `D3D12_...`, `D3D_...` | a value of the D3D12 enums; other names (`VK_DRIVER_ID_...`) are strings |
| `&& || !`, `== != >= <= > <`, `+ * \\|` | as in C (`\\|` is bitwise or); `&&` and `||` short-circuit |

## The mapping

"""

FORMAT_INTRO = """## The format tables

`data/vulkan-format-rules.tsv`: for each DXGI format the rows of its rule set are applied in
order, starting from no bits: `set` adds the flags when every condition holds, `clear` removes
them, `only` sets them and stops. `image` and `buffer` name the feature bits the format must have
(`any`: not empty, `none`: empty; comma = and, `|` = or); vkd3d-proton reads VkFormatProperties3
optimal tiling features (linear when only linear tiling is usable; planar formats unite their view
formats; depth-stencil table entries read optimal tiling and no buffer features), vkd3d reads
VkFormatProperties linear | optimal. `format_is` tests the format's row of
`data/vulkan-formats.tsv` (type, aspect, block size, traits; `emulated`: a fallback is used;
`optimal`: optimal tiling is read). `device` is an expression of the rule language above.
`tools/gen_vulkan_formats.py` checks both tables and compiles them into the library.
"""


def md(text):
    return text.replace("|", "\\|")


def code(text):
    return "-" if text == "-" else "`%s`" % md(text)


def main():
    data_dir, out_path = sys.argv[1:]
    rows = read_tsv(os.path.join(data_dir, "vulkan-rules.tsv"))
    out = [INTRO]
    for title, pick in (("Helper variables", lambda t: t.startswith("$")),
                        ("D3D12 fields", lambda t: not t.startswith("$"))):
        out.append("### %s\n" % title)
        out.append("| target | rule set | kind | value | when | line |")
        out.append("| --- | --- | --- | --- | --- | --- |")
        for r in rows:
            if not pick(r["target"]):
                continue
            out.append("| `%s` | %s | %s | `%s` | %s | %d |" % (
                r["target"], r["rules"], r["kind"], md(r["value"]),
                "`%s`" % md(r["when"]) if r["when"] else "(always)", r.line))
        out.append("")
    out.append(FORMAT_INTRO)
    out.append("### Format bit rules\n")
    out.append("| rule set | op | flags | image | buffer | format_is | formats | device | kind | line |")
    out.append("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in read_tsv(os.path.join(data_dir, "vulkan-format-rules.tsv")):
        out.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %d |" % (
            r["rules"], r["op"], md(r["flags"].replace("|", " | ")), code(r["image"]), code(r["buffer"]),
            code(r["format_is"]), md(r["formats"].replace(",", ", ")), code(r["device"]), r["kind"], r.line))
    out.append("")
    out.append("### DXGI formats and their VkFormats\n")
    out.append("A DXGI format with no row for a rule set has no VkFormat there (not supported).\n")
    out.append("| DXGI format | rule set | VkFormat | aspect | type | block | traits | fallback | when | cast | line |")
    out.append("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in read_tsv(os.path.join(data_dir, "vulkan-formats.tsv")):
        out.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %d |" % (
            r["format"], r["rules"], r["vk_format"], r["aspect"], r["type"], r["block"], md(r["traits"]),
            md(r["fallback"]), code(r["when"]), md(r["cast"].replace(",", ", ")), r.line))
    out.append("")
    with open(out_path, "w", encoding="utf-8") as f:
        f.write("\n".join(out))


if __name__ == "__main__":
    main()
