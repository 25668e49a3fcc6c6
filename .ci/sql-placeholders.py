#!/usr/bin/env python3
"""Rewrites SQLite's `?` and `?N` placeholders in the SQL string literals of Rust files to
`$N`, which both SQLite and PostgreSQL accept through sqlx (issue 13: one SQL text for both
engines). Re-runnable: a literal already using `$N` is left as it is.

    python3 .ci/sql-placeholders.py src/db/games.rs src/db/groups/*.rs ...

A string literal counts as SQL when it holds one of SELECT, INSERT, UPDATE, DELETE, VALUES or
WHERE (upper case); in it, each bare `?` becomes the next `$N` (numbered within the literal,
as sqlx numbers a statement's parameters), each `?N` becomes `$N`. A `?` right before `}` is a
format argument (`{x:?}`) and stays. Comments and char literals are skipped. Prints each file
it changed with the number of placeholders rewritten.
"""
import re
import sys

SQL = re.compile(r"\b(SELECT|INSERT|UPDATE|DELETE|VALUES|WHERE)\b")


def convert_literal(body):
    if "?" not in body or not SQL.search(body):
        return body, 0
    out, n, count, i = [], 0, 0, 0
    while i < len(body):
        c = body[i]
        if c == "?" and not body[i + 1 : i + 2] == "}":
            m = re.match(r"\?(\d+)", body[i:])
            if m:
                out.append("$" + m.group(1))
                n = max(n, int(m.group(1)))
                i += len(m.group(0))
            else:
                n += 1
                out.append("$%d" % n)
                i += 1
            count += 1
            continue
        out.append(c)
        i += 1
    return "".join(out), count


def convert(src):
    out, i, total = [], 0, 0
    while i < len(src):
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = len(src) if j < 0 else j
            out.append(src[i:j]); i = j; continue
        if src.startswith("/*", i):
            j = src.find("*/", i) + 2
            out.append(src[i:j]); i = j; continue
        m = re.match(r"r(#*)\"", src[i:])
        if m and (i == 0 or not (src[i - 1].isalnum() or src[i - 1] == "_")):
            close = '"' + m.group(1)
            start = i + len(m.group(0))
            j = src.find(close, start)
            body, k = convert_literal(src[start:j])
            total += k
            out.append(src[i:start] + body + close); i = j + len(close); continue
        if src[i] == "'":
            m = re.match(r"'(\\.|[^\\'])'", src[i:])
            if m:
                out.append(m.group(0)); i += len(m.group(0)); continue
        if src[i] == '"':
            j = i + 1
            while src[j] != '"':
                j += 2 if src[j] == "\\" else 1
            body, k = convert_literal(src[i + 1 : j])
            total += k
            out.append('"' + body + '"'); i = j + 1; continue
        out.append(src[i]); i += 1
    return "".join(out), total


for path in sys.argv[1:]:
    src = open(path).read()
    new, total = convert(src)
    if new != src:
        open(path, "w").write(new)
        print(f"{path}: {total} placeholders")
