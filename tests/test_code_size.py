"""Small functions and files (issue 25, point 6): no file over 500 lines in games/, static/,
templates/, tests/, gameplatform/, accounts/ and bench/, no function over 80 lines in games/,
static/, gameplatform/ and accounts/ (Python by its syntax
tree, JavaScript by a scan that skips strings, comments and regular expressions and matches
braces). A longer one is split where a part stands on its own. Data files do not count (word
lists, maps, catalogues). The platform (gameplatform/, accounts/) and bench/ too."""
from __future__ import annotations

import ast
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAX_FILE_LINES = 500
MAX_FUNCTION_LINES = 80
FILE_FOLDERS = ("games", "static", "templates", "tests", "gameplatform", "accounts", "bench")
FUNCTION_FOLDERS = ("games", "static", "gameplatform", "accounts")
CODE = {".py", ".js", ".mjs", ".css", ".html", ".txt-tpl", ".md"}
NOT_FUNCTIONS = {"if", "for", "while", "switch", "catch", "with", "return", "typeof", "await", "function"}


def tracked(*folders: str) -> list[Path]:
    """The files git holds (or would add) under ``folders``."""
    out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "--", *folders],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    return [ROOT / name for name in out if (ROOT / name).is_file()]


def _skip_quoted(src: str, i: int) -> int:
    """The index after the string starting at ``i`` (its quote included)."""
    quote, j = src[i], i + 1
    while j < len(src) and src[j] != quote and src[j] != "\n":
        j += 2 if src[j] == "\\" else 1
    return j + 1


def _regex_end(src: str, i: int) -> int | None:
    """The index after a regular expression literal starting at ``i``, or None."""
    j, in_class = i + 1, False
    while j < len(src) and src[j] != "\n":
        c = src[j]
        if c == "\\":
            j += 2
            continue
        in_class = (in_class or c == "[") and c != "]"
        if c == "/" and not in_class:
            return j + 1
        j += 1
    return None


def js_code(src: str) -> str:
    """``src`` with its comments, strings, regular expressions and the text of template
    literals blanked (newlines kept, the code of ``${...}`` kept), so braces are code."""
    out: list[str] = []
    blank = lambda s: re.sub(r"[^\n]", " ", s)  # noqa: E731
    i, last, templates = 0, "", []  # templates: brace depth inside each open ${
    while i < len(src):
        c, two = src[i], src[i:i + 2]
        if two == "//" or two == "/*":
            end = src.find("\n" if two == "//" else "*/", i + 2)
            end = len(src) if end < 0 else end + (0 if two == "//" else 2)
        elif c in "\"'":
            end = _skip_quoted(src, i)
        elif c == "/" and (last == "" or last in "(,=:[!&|?{};+-*%<>~^" or last in ("return", "typeof", "case")):
            end = _regex_end(src, i) or i + 1
            if end == i + 1:
                out.append(c)
                i, last = end, c
                continue
        elif c == "`" or (c == "}" and templates and templates[-1] == 0):
            if c == "}":
                templates.pop()
            end = i + 1
            while end < len(src) and src[end] != "`" and src[end:end + 2] != "${":
                end += 2 if src[end] == "\\" else 1
            if src[end:end + 2] == "${":
                templates.append(0)
                out.append(blank(src[i:end]) + "  ")
                i = end + 2
                continue
            end += 1
        else:
            word = re.match(r"[\w$]+", src[i:i + 64])
            if word:  # a name, keyword or number: a / after it divides, except after these
                out.append(word.group(0))
                i, last = i + len(word.group(0)), word.group(0) if word.group(0) in ("return", "typeof", "case") else "a"
                continue
            if templates and c in "{}":
                templates[-1] += 1 if c == "{" else -1
            out.append(c)
            last = last if c.isspace() else c
            i += 1
            continue
        out.append(blank(src[i:end]))
        i, last = end, "a"
    return "".join(out)


def js_functions(src: str) -> list[tuple[str, int, int]]:
    """(name, first line, lines) of every function body: ``) {`` after a name that is not a
    keyword (a function or a method), or ``=> {``."""
    code = js_code(src)
    line_of = lambda k: code.count("\n", 0, k) + 1  # noqa: E731
    found = []
    for m in re.finditer(r"(\)|=>)\s*\{", code):
        start = m.start()
        if m.group(1) == ")":
            depth, k = 0, start
            while k >= 0:
                depth += {")": 1, "(": -1}.get(code[k], 0)
                if depth == 0:
                    break
                k -= 1
            name = re.search(r"([\w$]+)\s*$", code[:k])
            if not name or name.group(1) in NOT_FUNCTIONS and name.group(1) != "function":
                continue
            label, start = name.group(1), name.start()
        else:
            label = "=>"
        depth, k = 0, m.end() - 1
        while k < len(code):
            depth += {"{": 1, "}": -1}.get(code[k], 0)
            if depth == 0:
                break
            k += 1
        found.append((label, line_of(start), line_of(k) - line_of(start) + 1))
    return found


def py_functions(src: str) -> list[tuple[str, int, int]]:
    """(name, first line, lines) of every function and method, decorators included."""
    out = []
    for node in ast.walk(ast.parse(src)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            out.append((node.name, first, node.end_lineno - first + 1))
    return out


def test_no_file_over_500_lines():
    long = []
    for path in tracked(*FILE_FOLDERS):
        if path.suffix not in CODE or "/vendor/" in str(path):
            continue
        lines = path.read_text(encoding="utf-8").count("\n")
        if lines > MAX_FILE_LINES:
            long.append(f"{path.relative_to(ROOT)}: {lines}")
    assert not long, f"files over {MAX_FILE_LINES} lines (split them where a part stands on its own): {long}"


def test_no_function_over_80_lines():
    long = []
    for path in tracked(*FUNCTION_FOLDERS):
        if path.suffix == ".py":
            functions = py_functions(path.read_text(encoding="utf-8"))
        elif path.suffix in (".js", ".mjs") and "/vendor/" not in str(path):
            functions = js_functions(path.read_text(encoding="utf-8"))
        else:
            continue
        long += [f"{path.relative_to(ROOT)}:{first} {name} ({n})" for name, first, n in functions if n > MAX_FUNCTION_LINES]
    assert not long, f"functions over {MAX_FUNCTION_LINES} lines (split them where a part stands on its own): {long}"


def test_the_scan_finds_javascript_functions_and_skips_what_is_not_code():
    src = """
export function outer(a, { b = f(1) } = {}) {
  const s = "} { ( ";      // a } in a string
  const r = /[}{]\\/x/g;   /* a } in a regex */
  const t = `${a ? `${"}"}` : "{"} }`;
  if (a) { return b; }
  items.forEach((x) => {
    x();
  });
}
class A {
  get name() {
    return 1;
  }
}
"""
    assert [(name, first, n) for name, first, n in js_functions(src)] == [
        ("outer", 2, 9), ("=>", 7, 3), ("name", 12, 3)]
