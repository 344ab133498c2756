#!/usr/bin/env python3
"""The target graph of Package.swift is the one ARCHITECTURE.md draws.

ARCHITECTURE.md lists, in the fenced block that follows the line `<!-- target graph -->`, one
target a line: `Target → Dependency, Dependency` (`→ nothing` for none). This check reads the
package's targets and their dependencies on other targets of the package from `swift package
dump-package` and fails, naming each difference, when the two are not the same graph. It also
fails when a Swift file imports a module of the package that its target does not list: SwiftPM
lets a file import a dependency's dependencies, which would make the declared graph a wish.

Usage: .ci/check-layers.py [PACKAGE_FOLDER]   (prints what differs; exits 1 on a difference)
"""

import json
import os
import re
import subprocess
import sys

MARKER = "<!-- target graph -->"


def package_graph(root):
    """Target name → set of the package's targets it depends on; and each target's folder."""
    dump = json.loads(subprocess.run(
        ["swift", "package", "dump-package"], cwd=root, check=True, capture_output=True, text=True).stdout)
    names = {target["name"] for target in dump["targets"]}
    graph, folders = {}, {}
    for target in dump["targets"]:
        if target["type"] in ("test", "plugin"):
            continue
        deps = set()
        for dependency in target["dependencies"]:
            kind, value = next(iter(dependency.items()))
            if kind in ("byName", "target") and value[0] in names:
                deps.add(value[0])
        graph[target["name"]] = deps
        folders[target["name"]] = target.get("path") or os.path.join("Sources", target["name"])
    return graph, folders


def documented_graph(root):
    """The graph ARCHITECTURE.md lists under its marker."""
    text = open(os.path.join(root, "ARCHITECTURE.md"), encoding="utf-8").read()
    if MARKER not in text:
        sys.exit(f"check-layers: ARCHITECTURE.md has no '{MARKER}' line before the target list")
    block = re.search(r"```[^\n]*\n(.*?)```", text[text.index(MARKER):], re.S)
    if not block:
        sys.exit("check-layers: no fenced block after the target graph marker in ARCHITECTURE.md")
    graph = {}
    for number, line in enumerate(block.group(1).splitlines(), 1):
        if not line.strip():
            continue
        match = re.fullmatch(r"\s*(\w+)\s*→\s*(.*?)\s*", line)
        if not match:
            sys.exit(f"check-layers: ARCHITECTURE.md target list, line {number}: not 'Target → A, B': {line!r}")
        deps = match.group(2)
        graph[match.group(1)] = set() if deps == "nothing" else {d.strip() for d in deps.split(",")}
    return graph


def undeclared_imports(root, graph, folders):
    """Files importing a module of the package their target does not depend on."""
    problems = []
    for target, folder in sorted(folders.items()):
        for directory, _, files in os.walk(os.path.join(root, folder)):
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(directory, name)
                for module in re.findall(r"^(?:@testable )?import (\w+)", open(path, encoding="utf-8").read(), re.M):
                    if module in graph and module != target and module not in graph[target]:
                        problems.append(f"{os.path.relpath(path, root)} imports {module}, which {target} does not list")
    return problems


def cycle(graph):
    """One cycle of the graph as a list of targets, or None."""
    state = {}

    def visit(node, path):
        state[node] = "open"
        for dep in sorted(graph.get(node, ())):
            if state.get(dep) == "open":
                return path[path.index(dep):] + [dep] if dep in path else [node, dep]
            if dep not in state:
                found = visit(dep, path + [dep])
                if found:
                    return found
        state[node] = "done"
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node, [node])
            if found:
                return found
    return None


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    actual, folders = package_graph(root)
    drawn = documented_graph(root)
    problems = []
    for target in sorted(actual.keys() - drawn.keys()):
        problems.append(f"{target} is a target of Package.swift that ARCHITECTURE.md does not list")
    for target in sorted(drawn.keys() - actual.keys()):
        problems.append(f"{target} is listed in ARCHITECTURE.md but is no target of Package.swift")
    for target in sorted(actual.keys() & drawn.keys()):
        for dep in sorted(actual[target] - drawn[target]):
            problems.append(f"{target} depends on {dep} in Package.swift, not in ARCHITECTURE.md")
        for dep in sorted(drawn[target] - actual[target]):
            problems.append(f"{target} depends on {dep} in ARCHITECTURE.md, not in Package.swift")
    loop = cycle(actual)
    if loop:
        problems.append("the targets form a cycle: " + " → ".join(loop))
    problems += undeclared_imports(root, actual, folders)
    for problem in problems:
        print("check-layers:", problem)
    print(f"check-layers: {len(actual)} targets, {sum(map(len, actual.values()))} dependencies; "
          + ("they differ" if problems else "Package.swift and ARCHITECTURE.md agree"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
