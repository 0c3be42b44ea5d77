#!/usr/bin/env python3
"""Everything that describes the mockd3d12 command, from tools/cli/commands.txt.

usage: gen_cli.py COMMANDS_TXT [--version V] [--c OUT.c OUT.h] [--man DIR]
                  [--completion FILE] [--check-doc DOC] [--update-doc DOC]

  --c OUT.c OUT.h   the CLI's command table: names, usages, help texts, the
                    options each command accepts (tools/cli/args.c parses with it)
  --man DIR         DIR/mockd3d12.1 and DIR/mockd3d12-COMMAND.1
  --completion FILE the bash completion (commands, options, adapter ids asked of
                    `mockd3d12 adapters` when completing)
  --check-doc DOC   exit 1 when DOC's generated blocks differ from what this writes
  --update-doc DOC  rewrite DOC's generated blocks

The generated blocks of docs/cli.md lie between `<!-- generated: KIND -->` and
`<!-- end generated -->` lines: KIND `synopsis` (every usage, as `mockd3d12
--help` prints them), `help COMMAND` (what `mockd3d12 COMMAND --help` prints)
and `exit-status` (the table of exit statuses).
"""
import os
import re
import sys

import refdata

ARGUMENT_KINDS = ("none", "one", "two", "files", "command")


class Command:
    def __init__(self, name, function):
        self.name = name
        self.function = function
        self.summary = ""
        self.arguments = "none"
        self.arguments_complete = ""
        self.options = []  # (name, value or None, complete or "")
        self.usage = []
        self.help = []


class Spec:
    def __init__(self):
        self.summary = ""
        self.help = []
        self.exits = []  # (code, text)
        self.commands = []


def fail(path, number, message):
    sys.exit(f"{path}:{number}: {message}")


def parse(path):
    spec = Spec()
    blocks = {}
    current = None  # Command, or ("block", name, Command), or spec for program
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for number, line in enumerate(lines, 1):
        if not line or line.startswith("#"):
            if current is not None and line:
                fail(path, number, "a comment inside a block")
            continue
        keyword, _, text = line.partition(" ")
        if current is None:
            if keyword == "program":
                current = spec
            elif keyword == "block":
                current = Command(text, None)
                blocks[text] = current
            elif keyword == "command":
                words = text.split()
                if len(words) != 2:
                    fail(path, number, "command NAME FUNCTION")
                current = Command(words[0], words[1])
                spec.commands.append(current)
            else:
                fail(path, number, f"'{keyword}' outside a block")
            continue
        if keyword == "end":
            current = None
        elif keyword == "summary":
            current.summary = text
        elif keyword == "help":
            current.help.append(text)
        elif keyword == "exit" and current is spec:
            code, _, meaning = text.partition(" ")
            spec.exits.append((code, meaning))
        elif current is spec:
            fail(path, number, f"'{keyword}' in the program block")
        elif keyword == "usage":
            current.usage.append(text)
        elif keyword == "arguments":
            words = text.split()
            if not words or words[0] not in ARGUMENT_KINDS or len(words) > 2:
                fail(path, number, "arguments " + "|".join(ARGUMENT_KINDS) + " [COMPLETE]")
            current.arguments = words[0]
            current.arguments_complete = words[1] if len(words) > 1 else ""
        elif keyword == "option":
            words = text.split()
            if not words or not words[0].startswith("--") or len(words) > 3:
                fail(path, number, "option --NAME [VALUE [COMPLETE]]")
            current.options.append((words[0], words[1] if len(words) > 1 else None,
                                    words[2] if len(words) > 2 else ""))
        elif keyword == "include":
            if text not in blocks:
                fail(path, number, f"no block '{text}' before this line")
            current.options += blocks[text].options
            current.help += blocks[text].help
        else:
            fail(path, number, f"unknown keyword '{keyword}'")
    if current is not None:
        sys.exit(f"{path}: a block is not closed with 'end'")
    for c in spec.commands:
        if not c.usage or not c.usage[0].startswith(f"mockd3d12 {c.name}"):
            sys.exit(f"{path}: {c.name}: the usage must start with 'mockd3d12 {c.name}'")
        if not c.summary:
            sys.exit(f"{path}: {c.name}: no summary")
        text = "\n".join(c.usage + c.help)
        names = [o[0] for o in c.options]
        for name in names:
            if names.count(name) > 1:
                sys.exit(f"{path}: {c.name}: option {name} declared twice")
            if not re.search(re.escape(name) + r"(?![\w-])", text):
                sys.exit(f"{path}: {c.name}: option {name} is accepted but its usage and help do not name it")
    return spec


# ---- C ----

def ident(name):
    return re.sub(r"[^A-Za-z0-9]", "_", name.lstrip("-")).upper()


def write_c(spec, out_c, out_h):
    option_names = sorted({o[0] for c in spec.commands for o in c.options})
    h = ["/* Generated by tools/gen_cli.py from tools/cli/commands.txt: do not edit. */",
         "#ifndef MOCKD3D12_CLI_COMMANDS_GEN_H", "#define MOCKD3D12_CLI_COMMANDS_GEN_H", "",
         "/* Every option any command accepts. */", "enum cli_option_id", "{"]
    h += [f"    CLI_OPT_{ident(n)}," for n in option_names]
    h += ["};", "", "enum cli_command_id", "{"]
    h += [f"    CLI_CMD_{ident(c.name)}," for c in spec.commands]
    h += ["};", f"#define CLI_COMMAND_COUNT {len(spec.commands)}", "", "#endif", ""]
    c_lines = ["/* Generated by tools/gen_cli.py from tools/cli/commands.txt: do not edit. */",
               '#include "args.h"', ""]
    for c in spec.commands:
        c_lines.append(f"static const struct cli_option_spec options_{ident(c.name).lower()}[] =")
        c_lines.append("{")
        for name, value, _ in c.options:
            v = refdata.c_string(value) if value else "NULL"
            c_lines.append(f'    {{"{name}", {v}, CLI_OPT_{ident(name)}}},')
        if not c.options:
            c_lines.append("    {NULL, NULL, 0},")
        c_lines.append("};")
    c_lines += ["", "const struct cli_command_spec cli_commands[CLI_COMMAND_COUNT] =", "{"]
    for c in spec.commands:
        usage = ("\n" + " " * 8).join(refdata.c_string_lines("\n".join(c.usage)))
        help_text = ("\n" + " " * 8).join(refdata.c_string_lines("\n".join(c.help) + "\n"))
        c_lines += [
            "    {",
            f'        CLI_CMD_{ident(c.name)}, "{c.name}", {c.function},',
            f"        {usage},",
            f"        {help_text},",
            f"        CLI_ARGS_{c.arguments.upper()}, options_{ident(c.name).lower()}, {len(c.options)},",
            "    },"]
    c_lines += ["};", ""]
    write_if_changed(out_h, "\n".join(h))
    write_if_changed(out_c, "\n".join(c_lines))


def write_if_changed(path, text):
    try:
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return
    except OSError:
        pass
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


# ---- Manual pages ----

def roff(text):
    """Text for a roff line: backslashes, minus signs and a leading dot or quote escaped."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    if text.startswith((".", "'")):
        text = "\\&" + text
    return text


def roff_plain(text):
    """Markdown's `code` spans as bold."""
    return re.sub(r"`([^`]*)`", lambda m: "\\fB" + m.group(1) + "\\fR", roff(text))


def man_header(title, version, name, summary):
    return [f'.TH {title} 1 "" "mockd3d12 {version}" "mockd3d12 manual"', ".nh", ".ad l",
            ".SH NAME", f"{roff(name)} \\- {roff(summary)}"]


def preformatted(lines):
    out = [".nf"]
    for line in lines:
        out.append(roff(line) if line else "")
    out.append(".fi")
    # An empty line in no-fill mode is a blank line; groff prefers .sp.
    return [".sp" if line == "" else line for line in out]


def write_man(spec, version, directory):
    os.makedirs(directory, exist_ok=True)
    page = man_header("MOCKD3D12", version, "mockd3d12", spec.summary)
    page += [".SH SYNOPSIS"] + preformatted(["mockd3d12 COMMAND [options]"] + [
        line for c in spec.commands for line in c.usage] + [
        "mockd3d12 --help | mockd3d12 COMMAND --help | mockd3d12 --version"])
    page += [".SH DESCRIPTION"]
    for line in spec.help:
        page.append(".PP" if not line else roff(line))
    page += [".SH COMMANDS"]
    for c in spec.commands:
        page += [".TP", f"\\fB{roff(c.name)}\\fR", roff(c.summary[:1].upper() + c.summary[1:]) + ".",
                 f"See \\fBmockd3d12\\-{roff(c.name)}\\fR(1)."]
    runtime = next((c for c in spec.commands if any(o[0] == "--runtime" and o[1] and "KIND" in o[1]
                                                     for o in c.options)), None)
    if runtime:
        start = next(i for i, line in enumerate(runtime.help) if line.startswith("Runtime options"))
        page += [".SH RUNTIME OPTIONS"] + preformatted(runtime.help[start:])
    page += [".SH EXIT STATUS"]
    for code, meaning in spec.exits:
        page += [".TP", f"\\fB{code}\\fR", roff_plain(meaning)]
    page += [".SH SEE ALSO", ", ".join(f"\\fBmockd3d12\\-{roff(c.name)}\\fR(1)" for c in spec.commands) + ".",
             ".PP", "The documentation in /usr/share/doc/mockd3d12 (docs/cli.md in the source tree)."]
    write_if_changed(os.path.join(directory, "mockd3d12.1"), "\n".join(page) + "\n")
    for c in spec.commands:
        title = "MOCKD3D12-" + c.name.upper()
        page = man_header(title, version, "mockd3d12-" + c.name, c.summary)
        page += [".SH SYNOPSIS"] + preformatted(c.usage)
        page += [".SH DESCRIPTION"] + preformatted(c.help)
        page += [".SH SEE ALSO", "\\fBmockd3d12\\fR(1)."]
        write_if_changed(os.path.join(directory, f"mockd3d12-{c.name}.1"), "\n".join(page) + "\n")


# ---- Bash completion ----

def write_completion(spec, path):
    cases = []
    value_cases = {}
    for c in spec.commands:
        words = " ".join(o[0] for o in c.options) + " --help"
        valued = " ".join(o[0] for o in c.options if o[1])
        cases.append(f"        {c.name}) opts='{words}'; valued='{valued}'; args={c.arguments};"
                     f" args_complete={c.arguments_complete or 'none'} ;;")
        for name, value, complete in c.options:
            if value and complete:
                value_cases.setdefault((name, complete), []).append(c.name)
    value_lines = []
    for (name, complete), commands in sorted(value_cases.items()):
        pattern = "|".join(f"{c}:{name}" for c in commands)
        if complete.startswith("words:"):
            action = f"COMPREPLY=($(compgen -W '{complete[6:].replace(',', ' ')}' -- \"$cur\"))"
        elif complete == "adapter":
            action = '_mockd3d12_adapter "$cur"'
        elif complete == "adapters":
            action = '_mockd3d12_adapter_list "$cur"'
        else:
            action = 'COMPREPLY=($(compgen -f -- "$cur"))'
        value_lines.append(f"        {pattern}) {action} ;;")
    commands = " ".join(c.name for c in spec.commands)
    text = f"""# bash completion for mockd3d12 (generated by tools/gen_cli.py from tools/cli/commands.txt)
# Commands, their options and, for adapter options, the ids `mockd3d12 adapters` lists.

_mockd3d12_ids()
{{
    "$1" adapters 2>/dev/null | sed -n '2,$ s/^..\\([^ ]*\\).*/\\1/p'
}}

# An adapter: an id, or a profile file.
_mockd3d12_adapter()
{{
    COMPREPLY=($(compgen -W "$(_mockd3d12_ids "$_mockd3d12_program")" -- "$1") $(compgen -f -- "$1"))
}}

# A comma-separated list of ids and sets: the last item is completed.
_mockd3d12_adapter_list()
{{
    local head="" item="$1"
    if [[ $item == *,* ]]; then
        head="${{item%,*}},"
        item="${{item##*,}}"
    fi
    local words="all hardware software dumps baselines $(_mockd3d12_ids "$_mockd3d12_program")"
    COMPREPLY=($(compgen -P "$head" -W "$words" -- "$item"))
    compopt -o nospace 2>/dev/null
}}

_mockd3d12()
{{
    local cur prev command="" opts valued args args_complete i
    _mockd3d12_program=${{COMP_WORDS[0]}}
    cur=${{COMP_WORDS[COMP_CWORD]}}
    prev=${{COMP_WORDS[COMP_CWORD-1]}}
    for ((i = 1; i < COMP_CWORD; i++)); do
        if [[ ${{COMP_WORDS[i]}} != -* ]]; then
            command=${{COMP_WORDS[i]}}
            break
        fi
    done
    if [[ -z $command ]]; then
        COMPREPLY=($(compgen -W "{commands} --help --version" -- "$cur"))
        return
    fi
    # After "--": the command matrix and forward-check run.
    for ((i = i + 1; i < COMP_CWORD; i++)); do
        if [[ ${{COMP_WORDS[i]}} == -- ]]; then
            if ((i + 1 == COMP_CWORD)); then
                COMPREPLY=($(compgen -c -- "$cur"))
            else
                COMPREPLY=($(compgen -f -- "$cur"))
            fi
            return
        fi
    done
    case $command in
{chr(10).join(cases)}
        *) return ;;
    esac
    if [[ $prev == --* && " $valued " == *" $prev "* ]]; then
        case $command:$prev in
{chr(10).join(value_lines)}
        esac
        return
    fi
    if [[ $cur == -* || $args == none || $args == command ]]; then
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
    elif [[ $args_complete == adapter ]]; then
        _mockd3d12_adapter "$cur"
    else
        COMPREPLY=($(compgen -f -- "$cur"))
    fi
}}
complete -F _mockd3d12 mockd3d12
"""
    write_if_changed(path, text)


# ---- docs/cli.md ----

def doc_block(spec, kind):
    if kind == "synopsis":
        lines = [line for c in spec.commands for line in c.usage]
        lines.append("mockd3d12 --help | mockd3d12 COMMAND --help | mockd3d12 --version")
        return ["```"] + lines + ["```"]
    if kind.startswith("help "):
        name = kind[5:]
        c = next((c for c in spec.commands if c.name == name), None)
        if c is None:
            sys.exit(f"docs: no command '{name}'")
        usage = "\n".join(c.usage)
        return ["```", f"$ mockd3d12 {name} --help", f"usage: {usage}", ""] + c.help + ["```"]
    if kind == "exit-status":
        return ["| code | meaning |", "|---|---|"] + [f"| {code} | {meaning} |" for code, meaning in spec.exits]
    sys.exit(f"docs: unknown generated block '{kind}'")


def render_doc(spec, text):
    out = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        m = re.fullmatch(r"<!-- generated: (.+) -->", line)
        out.append(line)
        i += 1
        if not m:
            continue
        while i < len(lines) and lines[i] != "<!-- end generated -->":
            i += 1
        if i == len(lines):
            sys.exit(f"docs: '{line}' has no '<!-- end generated -->'")
        out += doc_block(spec, m.group(1))
        out.append(lines[i])
        i += 1
    return "\n".join(out)


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    spec = parse(argv[1])
    args = argv[2:]
    version = "0"
    status = 0
    while args:
        flag = args.pop(0)
        if flag == "--version":
            version = args.pop(0)
        elif flag == "--c":
            write_c(spec, args.pop(0), args.pop(0))
        elif flag == "--man":
            write_man(spec, version, args.pop(0))
        elif flag == "--completion":
            write_completion(spec, args.pop(0))
        elif flag in ("--check-doc", "--update-doc"):
            path = args.pop(0)
            with open(path, encoding="utf-8") as f:
                text = f.read()
            rendered = render_doc(spec, text)
            if "<!-- generated: synopsis -->" not in text:
                sys.exit(f"{path}: no generated synopsis block")
            missing = [c.name for c in spec.commands if f"<!-- generated: help {c.name} -->" not in text]
            if missing:
                sys.exit(f"{path}: no generated help block for {', '.join(missing)}")
            if flag == "--update-doc":
                write_if_changed(path, rendered)
            elif rendered != text:
                print(f"{path}: its generated blocks differ from tools/cli/commands.txt; run "
                      f"python3 tools/gen_cli.py tools/cli/commands.txt --update-doc {path}")
                status = 1
        else:
            sys.exit(f"unknown argument '{flag}'\n{__doc__}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
