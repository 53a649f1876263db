#!/usr/bin/env python3
"""The import graph of spec/: which file uses which, and its loops.

Usage: .ci/imports.py [SPEC_DIR] [--dot] [--modules] [--allow=a,b,...]...

Every `crate::…`, `super::…` and `self::…` path in a file (in `use` items and in code; the unit
tests, `#[cfg(test)] mod tests`, left out) is resolved to the file of spec/ that defines it (a
re-export, `pub use x::Y`, is followed to the file it names; a module's `pub use` of its own
submodules is no edge: the submodule is part of it). An edge a -> b means that file a names
something of file b. Prints the edges, then every strongly connected component of
more than one file (a loop), and exits 1 if there is one: spec/ has none, and CI runs this with no
--allow. (--allow lists the files of one loop exactly, as printed, to tolerate it while it is
being taken apart.) --modules draws the graph of folders
(top-level modules) instead of files.
"""
import os
import re
import sys

args = [a for a in sys.argv[1:] if not a.startswith("--")]
allowed = [sorted(a.split("=", 1)[1].split(",")) for a in sys.argv[1:] if a.startswith("--allow=")]
root = args[0] if args else "spec"
want_dot = "--dot" in sys.argv
by_module = "--modules" in sys.argv

files = {}  # module path tuple -> file
for dirpath, _, names in os.walk(root):
    for n in names:
        if not n.endswith(".rs"):
            continue
        p = os.path.join(dirpath, n)
        rel = os.path.relpath(p, root)[:-3].split(os.sep)
        if rel == ["lib"] or rel == ["main"]:
            mod = ()
        elif rel[-1] == "mod":
            mod = tuple(rel[:-1])
        else:
            mod = tuple(rel)
        if rel == ["main"]:
            continue
        files[mod] = p


def strip(text):
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r'r#*"(?:.|\n)*?"#*', '""', text)
    text = re.sub(r'"(?:\\.|[^"\\])*"', '""', text)
    # unit tests
    m = re.search(r"#\[cfg\(test\)\]\s*mod\s+\w+\s*\{", text)
    if m:
        text = text[: m.start()]
    text = re.sub(r"#\[cfg\(test\)\]\s*mod\s+\w+\s*;", "", text)
    return text


def expand_use(tree):
    """Expands `a::{b, c::{d, e}}` into paths."""
    tree = re.sub(r"\s+", "", tree)
    out = []

    def rec(prefix, t):
        i = t.find("{")
        if i < 0:
            for part in split_top(t):
                part = part.split(" as ")[0]
                out.append(prefix + part)
            return
        head = t[:i]
        depth = 0
        for j in range(i, len(t)):
            if t[j] == "{":
                depth += 1
            elif t[j] == "}":
                depth -= 1
                if depth == 0:
                    break
        inner = t[i + 1 : j]
        rest = t[j + 1 :]
        for part in split_top(inner):
            rec(prefix + head, part)
        if rest.startswith(","):
            for part in split_top(rest[1:]):
                rec(prefix, part)

    def split_top(t):
        parts, depth, cur = [], 0, ""
        for ch in t:
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            if ch == "," and depth == 0:
                parts.append(cur)
                cur = ""
            else:
                cur += ch
        if cur:
            parts.append(cur)
        return parts

    rec("", tree)
    return out


reexports = {}  # (module, name) -> module path tuple of the target path


def absolute(mod, path, is_dir_module):
    segs = [s for s in path.split("::") if s]
    if not segs:
        return None
    base = list(mod)
    if segs[0] == "crate":
        base = []
        segs = segs[1:]
    elif segs[0] in ("super", "self"):
        while segs and segs[0] in ("super", "self"):
            if segs[0] == "super":
                base = base[:-1]
            segs = segs[1:]
    else:
        return None
    return tuple(base) + tuple(segs)


def resolve(path, seen=0):
    """The file module defining the longest prefix of `path`."""
    path = tuple(p.split(" as ")[0] for p in path if p not in ("*",))
    for n in range(len(path), -1, -1):
        prefix = path[:n]
        if prefix in files:
            # a name re-exported by that module?
            if n < len(path) and (prefix, path[n]) in reexports and seen < 8:
                return resolve(reexports[(prefix, path[n])] + path[n + 1 :], seen + 1)
            return prefix
    return None


texts = {m: strip(open(p, encoding="utf-8").read()) for m, p in files.items()}
for m, t in texts.items():
    for u in re.finditer(r"\bpub(?:\([^)]*\))?\s+use\s+([^;]+);", t):
        for p in expand_use(u.group(1)):
            segs = p.split("::")
            name = segs[-1].split(" as ")[-1]
            if name in ("self", "*"):
                continue
            full = absolute(m, p, True)
            if full is None:
                # `pub use child::X` (relative to the module)
                full = tuple(m) + tuple(s.split(" as ")[0] for s in segs)
            reexports[(m, name)] = full

edges = {m: set() for m in files}
for m, t in texts.items():
    paths = []
    for u in re.finditer(r"\b(pub(?:\([^)]*\))?\s+)?use\s+([^;]+);", t):
        is_pub = u.group(1) is not None
        tree = u.group(2)
        for p in expand_use(tree):
            full = absolute(m, p, True)
            if full is None:
                segs = p.split("::")
                if segs[0] in [k[-1] for k in files if k[:-1] == m and k]:
                    full = tuple(m) + tuple(segs)
            # A module's `pub use` of its own submodules' items is its face, not a use of them
            # (the submodule is part of it): no edge.
            if full is not None and is_pub and full[: len(m)] == tuple(m) and len(full) > len(m):
                continue
            if full is not None:
                paths.append(full)
    code = re.sub(r"\b(pub(?:\([^)]*\))?\s+)?use\s+[^;]+;", "", t)
    for u in re.finditer(r"\b((?:crate|super|self)(?:::\w+)+)", code):
        full = absolute(m, u.group(1), True)
        if full is not None:
            paths.append(full)
    for full in paths:
        target = resolve(full)
        if target is not None and target != m and target != ():
            edges[m].add(target)
        elif target == () and len(full) >= 1:
            pass

if by_module:
    medges = {}
    for a, bs in edges.items():
        ka = a[:1] if a else ("lib",)
        for b in bs:
            kb = b[:1]
            if ka != kb:
                medges.setdefault(ka, set()).add(kb)
        medges.setdefault(ka, set())
    edges = medges


def name(m):
    return "/".join(m) if m else "lib"


# Tarjan's strongly connected components
index, low, stack, on, comps = {}, {}, [], set(), []
counter = [0]
sys.setrecursionlimit(10000)


def strong(v):
    index[v] = low[v] = counter[0]
    counter[0] += 1
    stack.append(v)
    on.add(v)
    for w in edges.get(v, ()):
        if w not in index:
            strong(w)
            low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop()
            on.discard(w)
            comp.append(w)
            if w == v:
                break
        if len(comp) > 1:
            comps.append(sorted(comp))


for v in sorted(edges):
    if v not in index:
        strong(v)

if want_dot:
    print("digraph spec {")
    for a in sorted(edges):
        for b in sorted(edges[a]):
            print(f'  "{name(a)}" -> "{name(b)}";')
    print("}")
else:
    for a in sorted(edges):
        if edges[a]:
            print(f"{name(a)} -> {', '.join(name(b) for b in sorted(edges[a]))}")
print(f"# {len(edges)} nodes, {sum(len(b) for b in edges.values())} edges, {len(comps)} loops",
      file=sys.stderr)
unexpected = 0
for c in comps:
    names = [name(m) for m in c]
    known = sorted(names) in allowed
    unexpected += not known
    print(("known loop: " if known else "loop: ") + " <-> ".join(names), file=sys.stderr)
sys.exit(1 if unexpected else 0)
