"""The one reader of the data/ TSV files, and readers of data/reference/.

Shared by the generators in tools/. Every function returns lists of rows
(dicts keyed by the TSV header, see Row); versions are ints, with NEVER for '-'.
"""
import os
import sys

NEVER = 0xFFFF
LIVE = ("current", "preview-only")


def version(text):
    return NEVER if text in ("-", "") else int(text)


class Row(dict):
    """One TSV row: its cells keyed by the header, and `where` ("file:line")
    for error messages, so a generator can name the line it rejects."""

    def __init__(self, cells, path, line):
        super().__init__(cells)
        self.path = path
        self.line = line

    @property
    def where(self):
        return "%s:%d" % (self.path, self.line)


def fail(where, msg):
    """Stops the generator with "gen_x.py: file:line: msg"."""
    raise SystemExit("%s: %s: %s" % (os.path.basename(sys.argv[0]), where, msg))


def read_lines(path):
    """(line number, cells) of every line of a TSV file but the blank ones and
    '#' comments. Cells are split on tabs only and never stripped or unquoted:
    leading spaces and quotes are data (C text, format strings)."""
    with open(path, newline="", encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\r\n")
            if line and not line.startswith("#"):
                yield number, line.split("\t")


def read_tsv(path, header=None):
    """The rows of a TSV file whose first line (after comments) is its header.
    `header`, if given, is the header the caller expects. A row with more or
    fewer cells than the header stops the generator, naming file:line."""
    rows, names = [], None
    for number, cells in read_lines(path):
        if names is None:
            if header is not None and cells != list(header):
                fail("%s:%d" % (path, number), "expected the header %r, got %r" % (list(header), cells))
            names = cells
            continue
        if len(cells) != len(names):
            fail("%s:%d" % (path, number), "expected %d tab-separated columns (%s), got %d"
                 % (len(names), " ".join(names), len(cells)))
        rows.append(Row(zip(names, cells), path, number))
    if names is None:
        fail(path, "no header line")
    return rows


def write_if_changed(path, text):
    """Writes `text` to `path` unless it already holds exactly that (so make
    does not rebuild what depends on an unchanged generated file)."""
    try:
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return
    except OSError:
        pass
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def ref_path(data_dir, name):
    return os.path.join(data_dir, "reference", name)


def _withdrawn_rows(data_dir):
    return read_tsv(os.path.join(data_dir, "withdrawn-preview-features.tsv"),
                    ["feature", "first_preview", "last_preview", "values_from"])


def withdrawn(data_dir):
    """data/withdrawn-preview-features.tsv: {feature: (first_preview, last_preview)} of the
    layouts the headers declare (values_from "-"), one per feature."""
    spans = {}
    for r in _withdrawn_rows(data_dir):
        if r["values_from"] != "-":
            continue
        if r["feature"] in spans:
            fail(r.where, "%s: one row with values_from \"-\" per feature" % r["feature"])
        spans[r["feature"]] = (int(r["first_preview"]), int(r["last_preview"]))
    return spans


def withdrawn_layouts(data_dir):
    """The other layouts of withdrawn features' structs (rows of
    data/withdrawn-preview-features.tsv naming a values_from feature): dicts with
    feature, value, struct, first_preview, last_preview, values_from (the feature),
    values_struct (its struct) and fields (the removed rows of
    d3d12-feature-structs.tsv within the span, in field order)."""
    features = {r["feature"]: r for r in read_tsv(ref_path(data_dir, "d3d12-features.tsv"))}
    fields = read_tsv(ref_path(data_dir, "d3d12-feature-structs.tsv"))
    layouts = []
    for r in _withdrawn_rows(data_dir):
        if r["values_from"] == "-":
            continue
        span = (int(r["first_preview"]), int(r["last_preview"]))
        f, source = features.get(r["feature"]), features.get(r["values_from"])
        if not f or f["data_struct"] == "-" or not source or source["data_struct"] == "-":
            fail(r.where, "%s / %s: features with a struct in d3d12-features.tsv expected"
                 % (r["feature"], r["values_from"]))
        own = sorted((x for x in fields if x["struct"] == f["data_struct"] and _within(x, span)),
                     key=lambda x: [int(n) for n in x["field_index"].split(".")])
        if not own:
            fail(r.where, "%s has no removed fields within %d..%d" % (f["data_struct"], span[0], span[1]))
        layouts.append({"feature": r["feature"], "value": int(f["value"]), "struct": f["data_struct"],
                        "first_preview": span[0], "last_preview": span[1], "values_from": r["values_from"],
                        "values_struct": source["data_struct"], "fields": own, "where": r.where})
    return layouts


def _within(row, span):
    """Does a removed row's preview span lie inside `span` (a withdrawn feature's)?"""
    first, last = version(row["first_preview"]), version(row["last_preview"])
    return row["status"] not in LIVE and first != NEVER and span[0] <= first and last <= span[1]


def _withdrawn_structs(data_dir):
    """{struct: span} of the withdrawn features' structs."""
    spans = withdrawn(data_dir)
    return {r["data_struct"]: spans[r["feature"]]
            for r in read_tsv(ref_path(data_dir, "d3d12-features.tsv")) if r["feature"] in spans}


def features(data_dir):
    """Live D3D12_FEATURE members that pair with a live struct, sorted by value,
    and the withdrawn preview features (data/withdrawn-preview-features.tsv),
    whose first_preview / last_preview are their struct's span. Every row has
    last_retail / last_preview ("-" where nothing removed it)."""
    spans = withdrawn(data_dir)
    rows = []
    for r in read_tsv(ref_path(data_dir, "d3d12-features.tsv")):
        if r["feature"] in spans:
            first, last = spans[r["feature"]]
            r = Row(r, r.path, r.line)
            r.update({"first_retail": "-", "first_preview": str(first), "last_retail": "-",
                      "last_preview": str(last), "struct_first_retail": "-",
                      "struct_first_preview": str(first), "withdrawn": "1"})
            rows.append(r)
            continue
        if r["status"] not in LIVE:
            continue
        r.update({"last_retail": "-", "last_preview": "-", "withdrawn": "0"})
        rows.append(r)
    return rows


def struct_fields(data_dir):
    """Live fields of live feature-data structs, grouped by struct in field order;
    for a withdrawn feature's struct, its removed fields within the feature's
    span (with their last versions). Live rows get last_* "-"."""
    spans = _withdrawn_structs(data_dir)
    structs = {}
    for r in read_tsv(ref_path(data_dir, "d3d12-feature-structs.tsv")):
        if r["struct"] in spans:
            if not _within(r, spans[r["struct"]]):
                continue
        elif r["status"] not in LIVE:
            continue
        else:
            r.update({"last_retail": "-", "last_preview": "-"})
        structs.setdefault(r["struct"], []).append(r)
    for name, fields in structs.items():
        fields.sort(key=lambda r: [int(p) for p in r["field_index"].split(".")])
    return structs


def enum_values(data_dir):
    """Live enum members grouped by enum type, in declaration order; and the
    removed members of the enums only withdrawn fields use (the whole type
    withdrawn, D3D12_COOPERATIVE_VECTOR_TIER), with their last versions."""
    withdrawn_types = set()
    spans = _withdrawn_structs(data_dir)
    for s, fields in struct_fields(data_dir).items():
        if s in spans:
            withdrawn_types.update(f["type"] for f in fields)
    rows = read_tsv(ref_path(data_dir, "d3d12-enum-values.tsv"))
    live_types = {r["enum"] for r in rows if r["status"] in LIVE}
    enums = {}
    for r in rows:
        if r["status"] in LIVE:
            r.update({"last_retail": "-", "last_preview": "-"})
        elif not (r["enum"] in withdrawn_types and r["enum"] not in live_types and r["status"] == "removed"):
            continue
        enums.setdefault(r["enum"], []).append(r)
    return enums


def c_string(text):
    """`text` (a str, written as UTF-8, or bytes) as a C string literal, with
    quotes, backslashes, `?` (trigraphs), newlines and every byte outside
    printable ASCII escaped."""
    out = []
    for byte in text if isinstance(text, bytes) else text.encode("utf-8"):
        ch = chr(byte)
        if ch in "\\\"?":
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif 32 <= byte < 127:
            out.append(ch)
        else:
            out.append("\\%03o" % byte)
    return '"' + "".join(out) + '"'


def c_string_lines(text):
    """`text` (str or bytes) as C string literals, one per line of it (each
    keeps its newline): what a generator writes one source line each."""
    return [c_string(line) for line in text.splitlines(keepends=True)] or ['""']


class StringPool:
    """The strings of a generated table as offsets into one char array
    (src/base/string_pool.h reads them). A table of offsets is constant data
    the dynamic loader never touches, where a table of `const char *` is
    relocated, page by page, at every process start (docs/performance.md).
    Offset 0 is NULL; equal strings share one offset."""

    def __init__(self):
        self.offsets = {}
        self.parts = ['"\\0"']
        self.size = 1

    def add(self, text):
        if text is None:
            return 0
        if text not in self.offsets:
            self.offsets[text] = self.size
            self.parts.append(c_string(text)[:-1] + '\\0"')
            self.size += len(text.encode("utf-8")) + 1  # c_string escapes, never drops, a byte
        return self.offsets[text]

    def definition(self, name, static=False):
        """The C definition of the array: the strings, each ended by a NUL."""
        head = ("static " if static else "") + "const char %s[%d] =" % (name, self.size)
        return head + "\n    " + "\n    ".join(self.parts) + ";"
