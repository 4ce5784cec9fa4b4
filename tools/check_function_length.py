#!/usr/bin/env python3
"""Lists every function longer than 100 lines in engine/, app/, widgets/ and kernels/.

A function's length runs from the line of its name to its closing brace. One over the limit
fails the check unless tools/function_length_exceptions.txt names it ("path function: reason").
Lambdas count as part of the function that holds them. Usage:
    check_function_length.py [REPOSITORY_ROOT]   check; exit status 1 on a long function
    check_function_length.py --list [ROOT]       print every function over the limit
"""
import pathlib
import re
import sys

LIMIT = 100
FOLDERS = ("engine", "app", "widgets", "kernels")
SUFFIXES = {".cpp", ".hpp", ".h", ".cu", ".cuh", ".hip"}
EXCEPTIONS = "tools/function_length_exceptions.txt"
SCOPE_KEYWORDS = re.compile(r"\b(namespace|class|struct|union|enum)\b|\bextern\s+\"")
NOT_FUNCTIONS = re.compile(r"^(if|for|while|switch|catch|return|else|do|sizeof|decltype|alignof|alignas|noexcept|"
                           r"void|bool|char|int|long|short|unsigned|float|double|auto)$")
ASSIGNMENT = re.compile(r"(?<![=!<>])=(?![=])")
NAME_BEFORE_PARENS = re.compile(r"((?:~?[A-Za-z_]\w*(?:<[^<>()]*>)?::)*(?:operator\s*(?:\(\)|[^\s(]+)|~?[A-Za-z_]\w*))\s*$")


def blank_out(text):
    """Comments, string and character literals become spaces; newlines stay, so lines keep their numbers."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "R" and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            delim_end = text.find("(", i + 2)
            delim = text[i + 2:delim_end]
            j = text.find(")" + delim + '"', delim_end)
            j = n if j < 0 else j + len(delim) + 2
            out.append('""' + re.sub(r"[^\n]", " ", text[i + 2:j]))
            i = j
        elif c in "\"'":
            if c == "'" and i > 0 and text[i - 1].isalnum():  # digit separator: 1'000
                out.append(" ")
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(c + " " * (min(j, n) - i - 1) + (c if j < n else ""))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def matching_brace(code, open_at):
    depth = 0
    for j in range(open_at, len(code)):
        if code[j] == "{":
            depth += 1
        elif code[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    return len(code) - 1


def function_name(header):
    """The function's name when `header` (the text before a '{') declares a function, else None."""
    header = re.sub(r"#[^\n]*", "", header).strip()
    if not header or SCOPE_KEYWORDS.search(header.split("(")[0]):
        return None
    depth = 0
    for k, c in enumerate(header):
        if c == "(":
            if depth == 0:
                before = header[:k]
                if ASSIGNMENT.search(re.sub(r"operator\s*\S+$", "", before)) or before.rstrip().endswith("]"):
                    return None  # a variable's initialiser, or a lambda
                name = NAME_BEFORE_PARENS.search(before)
                if name and name.group(1).endswith("operator") and header.startswith("()", k):
                    return name.group(1) + "()"
                if name and not NOT_FUNCTIONS.match(name.group(1)):
                    return name.group(1).replace(" ", "")
            depth += 1
        elif c == ")":
            depth -= 1
    return None


def brace_initialiser(header):
    """A '{' right after a name or template ("x_{", "T<int>{") that is no trailing return type."""
    tail = header.rstrip()
    if not tail or not (tail[-1].isalnum() or tail[-1] in "_>"):
        return False
    after_params = tail[tail.rfind(")") + 1:] if ")" in tail else tail
    if "->" in after_params or re.search(r"\b(const|noexcept|override|final|mutable|try)$", tail):
        return False
    return ")" in tail or ASSIGNMENT.search(tail) is not None


def long_functions(path, text):
    code = blank_out(text)
    found = []

    def walk(start, end):
        last = start
        i = start
        while i < end:
            c = code[i]
            if c in ";}":
                last = i + 1
            elif c == "{":
                header = code[last:i]
                close = matching_brace(code, i)
                stripped = re.sub(r"#[^\n]*", "", header)
                if SCOPE_KEYWORDS.search(stripped.split("(")[0]):
                    walk(i + 1, close)  # namespace, class, struct: look inside
                    last = close + 1
                elif brace_initialiser(stripped):
                    pass  # x_{v} in a constructor's initialisers, T{...}: part of the header, go on
                else:
                    name = function_name(header)
                    if name:
                        name_at = code.find(name.split("::")[-1], last)
                        begin_line = code.count("\n", 0, name_at) + 1
                        length = code.count("\n", 0, close) + 1 - begin_line + 1
                        if length > LIMIT:
                            found.append((str(path), name, begin_line, length))
                    last = close + 1
                i = close
            i += 1

    walk(0, len(code))
    return found


def scan(root):
    results = []
    for folder in FOLDERS:
        base = root / folder
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*")):
            if path.suffix in SUFFIXES and path.is_file():
                rel = path.relative_to(root)
                results += long_functions(rel, path.read_text(encoding="utf-8", errors="replace"))
    return results


def read_exceptions(root):
    listed = {}
    path = root / EXCEPTIONS
    if not path.exists():
        return listed
    for number, line in enumerate(path.read_text().splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        match = re.match(r"^(\S+)\s+(\S+):\s*(\S.*)$", line)
        if not match:
            raise SystemExit(f"{EXCEPTIONS}:{number}: expected 'path function: reason', got: {line}")
        listed[(match.group(1), match.group(2))] = match.group(3)
    return listed


def main(argv):
    listing = "--list" in argv
    args = [a for a in argv if a != "--list"]
    root = pathlib.Path(args[0] if args else pathlib.Path(__file__).resolve().parent.parent)
    found = scan(root)
    if listing:
        for path, name, line, length in sorted(found, key=lambda f: -f[3]):
            print(f"{path}:{line}: {name} {length} lines")
        return 0
    listed = read_exceptions(root)
    failed = False
    for path, name, line, length in found:
        reason = listed.pop((path, name), None)
        if reason is None:
            print(f"{path}:{line}: {name} has {length} lines (limit {LIMIT}): split it, or list it in {EXCEPTIONS} with the reason")
            failed = True
        else:
            print(f"{path}:{line}: {name} has {length} lines, excepted: {reason}")
    for (path, name), reason in listed.items():
        print(f"{EXCEPTIONS}: {path} {name} is no longer over {LIMIT} lines (or gone): remove the entry")
        failed = True
    if not failed:
        print(f"function length: none over {LIMIT} lines outside the {len(found)} listed exception(s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
