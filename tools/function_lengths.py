#!/usr/bin/env python3
"""Lists C++ function bodies longer than a limit (default 150 lines) in the given folders (default src/).

A body is a brace block opened at namespace level (or one class level inside it) by a line that looks like
a function head, e.g. `Status Foo::Bar(int x) {` or a lambda-free `) const {`. Exits 1 when any is longer,
so CI keeps every function short enough to read in one sitting.
usage: tools/function_lengths.py [--limit N] [--top K] [DIR...]
"""
import os
import re
import sys

HEAD = re.compile(r'\)\s*(const)?\s*(noexcept)?\s*(override)?\s*(->\s*[\w:<>]+\s*)?(:.*)?\{\s*(//.*)?$')
SCOPE = re.compile(r'^\s*(namespace\b|extern "C"|(template\s*<.*>\s*)?(class|struct|union|enum)\b)')


def strip(line):
    line = re.sub(r'"(\\.|[^"\\])*"', '""', line)
    line = re.sub(r"'(\\.|[^'\\])*'", "''", line)
    return line.split('//')[0]


def functions(path):
    with open(path, errors='replace') as f:
        lines = f.readlines()
    stack = []  # per open brace: ('scope' | 'func' | 'block', start line)
    in_comment = False
    for no, raw in enumerate(lines, 1):
        line = raw
        if in_comment:
            if '*/' not in line:
                continue
            line = line.split('*/', 1)[1]
            in_comment = False
        if '/*' in line and '*/' not in line.split('/*', 1)[1]:
            line, in_comment = line.split('/*', 1)[0], True
        code = strip(line)
        inside_func = any(k == 'func' for k, _ in stack)
        for ch in code:
            if ch == '{':
                if inside_func:
                    kind = 'block'
                elif SCOPE.match(code) or code.strip() == '{' and stack and stack[-1][0] == 'scope':
                    kind = 'scope'
                elif HEAD.search(code) or code.strip() == '{':
                    kind = 'func'
                else:
                    kind = 'block'
                stack.append((kind, no))
                inside_func = inside_func or kind == 'func'
            elif ch == '}' and stack:
                kind, start = stack.pop()
                if kind == 'func':
                    yield start, no - start + 1, lines[start - 1].strip()
                    inside_func = any(k == 'func' for k, _ in stack)


def main(argv):
    limit, top, dirs = 150, 0, []
    it = iter(argv)
    for a in it:
        if a == '--limit':
            limit = int(next(it))
        elif a == '--top':
            top = int(next(it))
        else:
            dirs.append(a)
    found = []
    for d in dirs or ['src']:
        for root, _, files in os.walk(d):
            for name in files:
                if name.endswith(('.cpp', '.cc', '.h', '.inc')):
                    path = os.path.join(root, name)
                    found += [(n, path, start, head) for start, n, head in functions(path)]
    found.sort(reverse=True)
    for n, path, start, head in found[:top]:
        print(f'{n:5d}  {path}:{start}  {head[:90]}')
    long = [f for f in found if f[0] > limit]
    for n, path, start, head in long:
        print(f'function_lengths: {path}:{start}: {n} lines (limit {limit}): {head[:80]}', file=sys.stderr)
    return 1 if long else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
