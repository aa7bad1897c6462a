# SPDX-License-Identifier: GPL-2.0-only
"""Our kernel-doc parser against kernel 6.12's Perl ``scripts/kernel-doc``.

The script's ``-rst`` output is the specification: for every ``..
kernel-doc::`` directive in the tree's Documentation/, this runs the Perl
script with exactly the arguments the tree's
``Documentation/sphinx/kerneldoc.py`` builds, runs ours on the same
arguments, and compares three things:

- the reST text, ``.. LINENO`` lines included, byte for byte;
- the (line, source line) pairs kerneldoc.py hands to ``nested_parse``
  (what Sphinx actually sees: equal here but not above means only
  ``.. LINENO`` lines no line follows differ);
- the diagnostics, as a set of (file, line, message).

The Perl runs are slow (about 1831 spawns), so their results are kept on
disk under the cache directory, keyed by the command and the tree, and
run two at a time.  Shared by the ``kernel`` test and the benchmark.

    python3 tests/kernel/kerneldoc_compare.py [--show N] [--filter TEXT]
"""

from __future__ import annotations

import argparse
import concurrent.futures
import hashlib
import json
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import linux_source

DIRECTIVE = re.compile(r'^(?P<indent>\s*)\.\.\s+kernel-doc::\s*(?P<arg>\S+)')
OPTION = re.compile(r'^\s*:(?P<name>[\w-]+):(?:\s+(?P<value>.*?))?\s*$')
LINENO = re.compile(r'^\.\. LINENO ([0-9]+)$')
#: Perl's own complaints about the script (not kernel-doc diagnostics)
PERL_NOISE = re.compile(r'^Use of uninitialized value .* line \d+\.$')
#: The script's diagnostics: ``FILE:LINE: warning: MESSAGE``.
MESSAGE = re.compile(r'^(?P<file>[^\s:]+):(?P<line>\d+): (?P<text>.*)$')


@dataclass(frozen=True)
class Directive:
    """One ``.. kernel-doc::`` as the kernel's directive sees it."""

    rst: str
    lineno: int
    argument: str
    options: tuple[tuple[str, str], ...]

    @property
    def label(self) -> str:
        opts = ' '.join(f':{k}: {v}'.rstrip() for k, v in self.options)
        return f'{self.rst}:{self.lineno} {self.argument} {opts}'.rstrip()


@dataclass
class Run:
    """What one kernel-doc run printed."""

    stdout: str
    stderr: str
    returncode: int


@dataclass
class Result:
    directive: Directive
    perl: Run
    ours: Run
    text_equal: bool
    mapping_equal: bool
    messages_equal: bool
    first_difference: list[str] = field(default_factory=list)


def find_directives(tree: Path) -> list[Directive]:
    """Every kernel-doc directive under Documentation/, in path order."""
    found = []
    docs = tree / 'Documentation'
    for rst in sorted(docs.rglob('*.rst')):
        lines = rst.read_text(encoding='utf-8',
                              errors='replace').splitlines()
        for index, line in enumerate(lines):
            match = DIRECTIVE.match(line)
            if not match:
                continue
            options = _options(lines[index + 1:], len(match['indent']))
            found.append(Directive(str(rst.relative_to(docs)), index + 1,
                                   match['arg'], tuple(options)))
    return found


def _options(lines: list[str], indent: int) -> Iterator[tuple[str, str]]:
    """The directive's field list: lines indented deeper than it."""
    name = None
    value: list[str] = []
    for line in lines:
        if not line.strip() or len(line) - len(line.lstrip()) <= indent:
            break
        match = OPTION.match(line)
        if match:
            if name is not None:
                yield name, ' '.join(value)
            name, value = match['name'], [match['value'] or '']
        elif name is not None:
            value.append(line.strip())
    if name is not None:
        yield name, ' '.join(value)


def perl_command(tree: Path, directive: Directive,
                 sphinx_version: str) -> list[str]:
    """The command the tree's kerneldoc.py runs for this directive."""
    options = dict(directive.options)
    srctree = str(tree)
    cmd = [str(tree / 'scripts' / 'kernel-doc'), '-rst', '-enable-lineno',
           '-sphinx-version', sphinx_version]
    if 'functions' in options:
        options['identifiers'] = options['functions']
    patterns: list[str] = []
    if 'export' in options:
        cmd.append('-export')
        patterns = options['export'].split()
    elif 'internal' in options:
        cmd.append('-internal')
        patterns = options['internal'].split()
    elif 'doc' in options:
        cmd += ['-function', options['doc']]
    elif 'identifiers' in options:
        identifiers = options['identifiers'].split()
        if identifiers:
            for name in identifiers:
                cmd += ['-function', name]
        else:
            cmd.append('-no-doc-sections')
    if 'no-identifiers' in options:
        for name in options['no-identifiers'].split():
            cmd += ['-nosymbol', name]
    for pattern in patterns:
        for path in _glob(srctree + '/' + pattern):
            cmd += ['-export-file', path]
    cmd.append(srctree + '/' + directive.argument)
    return cmd


def _glob(pattern: str) -> list[str]:
    import glob
    return glob.glob(pattern)


def _cache_file(cmd: list[str], tree: Path) -> Path:
    stamp = (tree.parent / '.extracted').read_text()
    key = hashlib.sha256(json.dumps([stamp, cmd]).encode()).hexdigest()
    return linux_source.cache_dir() / 'kerneldoc-perl' / f'{key}.json'


def run_perl(cmd: list[str], tree: Path) -> Run:
    """The Perl script's output, from the disk cache when it has it."""
    cached = _cache_file(cmd, tree)
    if cached.exists():
        return Run(**json.loads(cached.read_text()))
    proc = subprocess.run(cmd, capture_output=True, check=False)
    run = Run(proc.stdout.decode('utf-8', 'replace'),
              proc.stderr.decode('utf-8', 'replace'), proc.returncode)
    cached.parent.mkdir(parents=True, exist_ok=True)
    tmp = cached.with_suffix('.tmp')
    tmp.write_text(json.dumps(run.__dict__))
    tmp.replace(cached)
    return run


def run_ours(cmd: list[str]) -> Run:
    """Our parser on the same command line, in-process."""
    from linuxdoc_builders.kerneldoc import command_line
    return Run(*command_line.run(cmd[1:]))


def mapping(text: str) -> list[tuple[str, int]]:
    """What kerneldoc.py hands to nested_parse: (line, source line)."""
    result = []
    offset = 0
    for line in text.splitlines():
        match = LINENO.search(line)
        if match:
            offset = int(match[1]) - 1
        else:
            result.append((line, offset))
            offset += 1
    return result


def messages(stderr: str) -> Counter[str]:
    """The diagnostics, each with its continuation lines, as a multiset.

    Perl's ``Use of uninitialized value`` lines are the interpreter's
    complaints about the script, not diagnostics, and are left out.  A
    multiset because the script reports excess enum values in Perl's
    hash order, which changes from run to run.
    """
    found: list[list[str]] = []
    for line in stderr.splitlines():
        if PERL_NOISE.match(line):
            continue
        if MESSAGE.match(line) or line.startswith('Error: ') or not found:
            found.append([line])
        else:
            found[-1].append(line)
    return Counter('\n'.join(lines) for lines in found)


def compare(directive: Directive, perl: Run, ours: Run) -> Result:
    text_equal = perl.stdout == ours.stdout
    mapping_equal = text_equal or mapping(perl.stdout) == mapping(ours.stdout)
    messages_equal = messages(perl.stderr) == messages(ours.stderr)
    result = Result(directive, perl, ours, text_equal, mapping_equal,
                    messages_equal)
    if not text_equal:
        result.first_difference = _first_difference(perl.stdout, ours.stdout)
    elif not messages_equal:
        want, got = messages(perl.stderr), messages(ours.stderr)
        result.first_difference = (
            [f'- {m}' for m in sorted(want - got)][:3]
            + [f'+ {m}' for m in sorted(got - want)][:3])
    return result


def _first_difference(want: str, got: str, context: int = 2) -> list[str]:
    a, b = want.splitlines(), got.splitlines()
    index = next((i for i, (x, y) in enumerate(zip(a, b, strict=False))
                  if x != y), min(len(a), len(b)))
    start = max(0, index - context)
    return ([f'  {line}' for line in a[start:index]]
            + [f'- {line}' for line in a[index:index + 3]]
            + [f'+ {line}' for line in b[index:index + 3]])


def whole_files(directives: Iterable[Directive]) -> list[Directive]:
    """Each file the directives name, once, with no selection.

    The directives mostly pick a few symbols, and the script shows most
    warnings only for picked ones: with nothing picked, every comment of
    the file is rendered and every warning shown.
    """
    names = sorted({d.argument for d in directives})
    return [Directive('(whole file)', 0, name, ()) for name in names]


def sample_files(tree: Path, count: int) -> list[Directive]:
    """``count`` C files of the tree no directive names, evenly spread.

    Undocumented files carry far more of the comments the script warns
    about than documented ones; a fixed stride keeps the sample the
    same from run to run.
    """
    named = {d.argument for d in find_directives(tree)}
    candidates = []
    for path in sorted(tree.rglob('*.[ch]')):
        relative = str(path.relative_to(tree))
        if relative in named or not path.is_file():
            continue
        if b'/**' in path.read_bytes():
            candidates.append(relative)
    stride = max(1, len(candidates) // max(1, count))
    return [Directive('(sample)', 0, name, ())
            for name in candidates[::stride][:count]]


#: Pieces of kernel-doc comments and of the C after them, for random
#: files (:func:`random_source`): what the tree has, in any order.
NAME_LINES = (' * name() - purpose', ' * struct s - a struct',
              ' * enum e - an enum', ' * union u - x', ' * typedef t - x',
              ' * name - x', ' * DOC: Title', ' * NAME - macro', ' * enum',
              ' * struct s', ' * name(): purpose', ' * sys_name - x',
              ' * This is not kernel-doc', ' * ev - tracepoint')
BODY_LINES = (' * @a: param', ' * @b: other', ' * @c.d: member',
              ' * @...: more', ' * Return: x', ' * Context: any', ' *',
              ' * text %CONST &struct s', ' * &s->m @a() func() &enum e @b',
              ' *   indented', ' * Example::', ' *\tcode @a', ' * Note: n',
              ' * description: d', ' * continued line', ' * @a:', 'bad')
CODE_LINES = ('int name(int a, char *b);', 'void name(void)',
              'static inline int name(int a,', '    long b)', '{', '}',
              '};', 'struct s {', '\tint a;', '\tunion {', '\t\tint c;',
              '\t\tchar *d;', '\t} u;', '\tstruct {', '\t} ;', 'enum e {',
              '\tA,', '\tB = (1 << 2),', 'typedef int (*t)(int a, int b);',
              'typedef unsigned long t;', '#define name(a, b) ((a) + (b))',
              '#define NAME 1', '\tDECLARE_BITMAP(bits, 8);',
              'SYSCALL_DEFINE2(name, int, a, int, b)',
              'TRACE_EVENT(ev, TP_PROTO(int a),', '\t/** @a: inline */',
              '\t/**', '\t * @a: inline', '\t * more', '\t */',
              'EXPORT_SYMBOL(name);', '\tint (*fp)(int, int);',
              '\tchar *arr[4];', '\tint x:3, y;', '\t/* private: */',
              '\t/* public: */', '\tstruct_group(g,', '\t\tint z;', '\t);',
              'typedef struct {', '} t;', 'typedef enum { A, B } t;',
              'union u {', 'x \\', '// comment', '#ifdef X', '#endif')


def random_source(seed: int) -> str:
    """A C file of random kernel-doc comments, each followed by code."""
    import random
    rnd = random.Random(seed)
    lines = []
    for _ in range(rnd.randint(1, 4)):
        lines += ['/**', rnd.choice(NAME_LINES)]
        lines += rnd.choices(BODY_LINES, k=rnd.randint(0, 6))
        lines.append(rnd.choice([' */', ' */', ' * x*/', '*/']))
        lines += rnd.choices(CODE_LINES, k=rnd.randint(0, 8))
    return '\n'.join(lines) + rnd.choice(['', '\n'])


#: The selections random files are rendered with.
RANDOM_SELECTIONS = ([], ['-function', 'name', '-function', 'Title'],
                     ['-export'], ['-internal', '-nosymbol', 's'],
                     ['-no-doc-sections'])


def compare_random(tree: Path, directory: Path, count: int,
                   sphinx_version: str) -> list[Result]:
    """Random files, each in every selection, the script against ours."""
    from linuxdoc_builders.kerneldoc import cache
    script = str(tree / 'scripts' / 'kernel-doc')
    results = []
    for seed in range(count):
        path = directory / f'random-{seed}.c'
        path.write_text(random_source(seed))
        cache.clear_memory()
        for selection in RANDOM_SELECTIONS:
            cmd = [script, '-rst', '-enable-lineno', '-sphinx-version',
                   sphinx_version, *selection, str(path)]
            proc = subprocess.run(cmd, capture_output=True, check=False)
            perl = Run(proc.stdout.decode('utf-8', 'replace'),
                       proc.stderr.decode('utf-8', 'replace'),
                       proc.returncode)
            label = f"{path.name} {' '.join(selection)}"
            results.append(compare(Directive('(random)', seed, label, ()),
                                   perl, run_ours(cmd)))
    return results


def compare_all(tree: Path, sphinx_version: str, jobs: int = 2,
                only: str | None = None, whole: bool = False,
                sample: int = 0) -> list[Result]:
    """Every directive compared; the Perl runs two at a time."""
    directives = find_directives(tree)
    if whole:
        directives = whole_files(directives)
    if sample:
        directives = sample_files(tree, sample)
    directives = [d for d in directives if only is None or only in d.label]
    commands = [perl_command(tree, d, sphinx_version) for d in directives]
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        perls = list(pool.map(lambda c: run_perl(c, tree), commands))
    return [compare(d, p, run_ours(c))
            for d, c, p in zip(directives, commands, perls, strict=True)]


def summary(results: Iterable[Result]) -> dict[str, int]:
    results = list(results)
    return {
        'directives': len(results),
        'text equal': sum(r.text_equal for r in results),
        'mapping equal': sum(r.mapping_equal for r in results),
        'messages equal': sum(r.messages_equal for r in results),
        'all equal': sum(r.text_equal and r.messages_equal
                         for r in results),
        'perl failed': sum(r.perl.returncode != 0 for r in results),
    }


def main(argv: list[str] | None = None) -> int:
    import sphinx
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--show', type=int, default=5,
                        help='print the first difference of N cases')
    parser.add_argument('--filter', help='only directives whose label '
                        'contains this text')
    parser.add_argument('--jobs', type=int, default=2)
    parser.add_argument('--whole-files', action='store_true',
                        help='each named file once, every comment shown')
    parser.add_argument('--sample', type=int, default=0, metavar='N',
                        help='N undocumented C files of the tree, whole')
    parser.add_argument('--random', type=int, default=0, metavar='N',
                        help='N random files of kernel-doc pieces instead')
    parser.add_argument('--sphinx-version', default=sphinx.__version__,
                        help='the C-domain dialect (default: installed)')
    args = parser.parse_args(argv)
    tree = linux_source.full_kernel_tree()
    if args.random:
        import tempfile
        with tempfile.TemporaryDirectory() as tmp:
            results = compare_random(tree, Path(tmp), args.random,
                                     args.sphinx_version)
    else:
        results = compare_all(tree, args.sphinx_version, args.jobs,
                              args.filter, args.whole_files, args.sample)
    shown = 0
    for result in results:
        if result.text_equal and result.messages_equal:
            continue
        if shown < args.show:
            print(f'--- {result.directive.label}')
            print('\n'.join(result.first_difference))
        shown += 1
    stats = summary(results)
    total = stats['directives'] or 1
    for name, count in stats.items():
        print(f'{name:>15}: {count:5d}  ({100 * count / total:.1f} %)')
    return 0


if __name__ == '__main__':
    sys.exit(main())
