# SPDX-License-Identifier: GPL-2.0-only
"""kernel-doc on one long comment: ours linear, and against the script.

A comment whose description is one paragraph of ``--short`` and of
``--long`` lines (2000 and 8000 by default), in three shapes:

- ``after-blank``: the paragraph follows a parameter and a blank line,
  so the script (and ours) files every line as a section of its own;
- ``description``: a ``Description:`` section of one paragraph;
- ``unterminated``: the first shape without the comment's end.

Each is parsed once in a fresh process by ours (``python3 -c``, our
command line, which the comparison harness uses) and by kernel 6.12's
``scripts/kernel-doc`` (Perl, from Debian's linux-source-6.12 taken at
run time), ``--repeat`` times, best wall time kept (process start
included for both).  Printed: the times, ours(long) / ours(short)
(target <= 5 for a length 4 times the short one: linear), ours / the
script on the long comment (target <= 1), and whether the targets are
met.  The reST of ours and of the script must be the same, or the
benchmark stops with status 2.

    python3 benchmarks/bench_kernel_doc_long.py [--short 2000]
                                                [--long 8000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / 'tests' /
                       'kernel'))

import linux_source

OURS = ('import sys; from linuxdoc_builders.kerneldoc.command_line import '
        'run; out, err, status = run(sys.argv[1:]); '
        'sys.stdout.write(out); sys.exit(status)')


def comment(shape: str, lines: int) -> str:
    """A C file with one comment of ``lines`` lines of one paragraph."""
    body = '\n'.join(f' * word{n} of a description that goes on and on'
                     for n in range(lines))
    head = '/**\n * foo() - does foo\n * @x: the x\n'
    end = ' */\nint foo(int x);\n'
    if shape == 'description':
        return f'{head} *\n * Description:\n{body}\n{end}'
    if shape == 'unterminated':
        return f'{head} *\n{body}\n'
    return f'{head} *\n{body}\n{end}'


def best(command: list[str], repeat: int) -> tuple[float, str]:
    """The best wall time of ``command`` and its standard output."""
    times = []
    out = ''
    for _ in range(repeat):
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True,
                              check=False)
        times.append(time.perf_counter() - start)
        out = done.stdout
    return min(times), out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--short', type=int, default=2000)
    parser.add_argument('--long', type=int, default=8000)
    parser.add_argument('--repeat', type=int, default=5)
    args = parser.parse_args()
    script = linux_source.kernel_tree() / 'scripts' / 'kernel-doc'
    failed = False
    print(f'{"shape":<14}{"lines":>7}{"ours s":>9}{"perl s":>9}'
          f'{"ours/perl":>11}')
    with tempfile.TemporaryDirectory() as tmp:
        for shape in ('after-blank', 'description', 'unterminated'):
            ours: dict[int, float] = {}
            for lines in (args.short, args.long):
                source = Path(tmp) / f'{shape}-{lines}.c'
                source.write_text(comment(shape, lines), encoding='utf-8')
                argv = ['-rst', '-sphinx-version', '9.0.4', str(source)]
                ours[lines], our_out = best(
                    [sys.executable, '-c', OURS, *argv], args.repeat)
                perl, perl_out = best(['perl', str(script), *argv],
                                      args.repeat)
                if our_out != perl_out:
                    print(f'{shape} {lines}: our reST differs from the '
                          "script's", file=sys.stderr)
                    return 2
                ratio = ours[lines] / perl
                failed |= lines == args.long and ratio > 1
                print(f'{shape:<14}{lines:>7}{ours[lines]:>9.3f}'
                      f'{perl:>9.3f}{ratio:>11.2f}')
            growth = ours[args.long] / ours[args.short]
            failed |= growth > 5
            print(f'{shape:<14} ours({args.long}) / ours({args.short}) = '
                  f'{growth:.2f} (target <= 5)')
    print('targets met' if not failed else 'a target is missed')
    return 0


if __name__ == '__main__':
    sys.exit(main())
