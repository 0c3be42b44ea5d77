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


def features(data_dir):
    """Live D3D12_FEATURE members that pair with a live struct, sorted by value."""
    rows = []
    for r in read_tsv(ref_path(data_dir, "d3d12-features.tsv")):
        if r["status"] not in LIVE:
            continue
        rows.append(r)
    return rows


def struct_fields(data_dir):
    """Live fields of live feature-data structs, grouped by struct in field order."""
    structs = {}
    for r in read_tsv(ref_path(data_dir, "d3d12-feature-structs.tsv")):
        if r["status"] not in LIVE:
            continue
        structs.setdefault(r["struct"], []).append(r)
    for name, fields in structs.items():
        fields.sort(key=lambda r: [int(p) for p in r["field_index"].split(".")])
    return structs


def enum_values(data_dir):
    """Live enum members grouped by enum type, in declaration order."""
    enums = {}
    for r in read_tsv(ref_path(data_dir, "d3d12-enum-values.tsv")):
        if r["status"] not in LIVE:
            continue
        enums.setdefault(r["enum"], []).append(r)
    return enums


def c_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
