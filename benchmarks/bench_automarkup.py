# SPDX-License-Identifier: GPL-2.0-only
"""The build time automarkup adds: ours against the kernel's.

A project of ``--pages`` pages of prose, each of ``--paragraphs``
paragraphs naming functions, structs, documents and system calls (half
of them documented on an API page of ``--declarations`` C declarations,
half nowhere), is built with ``-b html`` three ways in one run, each a
fresh ``sphinx-build`` process, ``--repeat`` times, best wall and CPU
time kept:

- without any automarkup (the baseline);
- with kernel 6.12's ``Documentation/sphinx/automarkup.py``, taken from
  Debian's linux-source-6.12 at run time;
- with ``linuxdoc_builders.automarkup``.

Printed: each build's time, the time each extension adds over the
baseline, and ours / the kernel's added time (target <= 0.5).  Both
must make the same number of links, or the benchmark stops with status
2.

    python3 benchmarks/bench_automarkup.py [--pages 120]
        [--paragraphs 40] [--declarations 400] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / 'tests' /
                       'kernel'))

import linux_source


def project(root: Path, pages: int, paragraphs: int,
            declarations: int) -> None:
    """The pages, the API page and an index."""
    root.mkdir(parents=True)
    api = ['API', '===', '']
    for n in range(declarations):
        api += [f'.. c:function:: int api_call_{n}(int x)', '',
                f'.. c:struct:: api_dev_{n}', '']
    (root / 'api.rst').write_text('\n'.join(api) + '\n', encoding='utf-8')
    for page in range(pages):
        text = [f'Page {page}', '=' * (5 + len(str(page))), '']
        for n in range(paragraphs):
            known = (page * paragraphs + n) % declarations
            text += [f'Call api_call_{known}() on a struct api_dev_{known}, '
                     f'not undocumented_{n}() nor struct nowhere_{n}; '
                     'read() and ioctl() stay text, and Documentation/'
                     f'api.rst is the API, as is api.rst. Paragraph {n}.', '']
        (root / f'page{page}.rst').write_text('\n'.join(text),
                                              encoding='utf-8')
    toc = '\n'.join(f'   page{page}' for page in range(pages))
    (root / 'index.rst').write_text(
        f'Bench\n=====\n\n.. toctree::\n\n   api\n{toc}\n', encoding='utf-8')


VARIANTS = {
    'none': "extensions = []\n",
    'kernel': ("import sys\nsys.path.insert(0, {sphinx!r})\n"
               "extensions = ['automarkup']\n"),
    'ours': "extensions = ['linuxdoc_builders.automarkup']\n",
}


def build(source: Path, conf: Path, out: Path) -> tuple[float, float]:
    """Wall and CPU seconds of one full build."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, '-m', 'sphinx', '-E', '-q', '-b', 'html', '-j', '1',
         '-c', str(conf), str(source), str(out)],
        capture_output=True, text=True, check=False,
        env={**os.environ, 'NO_COLOR': '1'})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        sys.exit(f'build failed:\n{done.stderr[-3000:]}')
    return wall, (after.ru_utime - before.ru_utime
                  + after.ru_stime - before.ru_stime)


def links(out: Path) -> int:
    """Links automarkup made (or the pages have): anchors to api.html."""
    return sum(page.read_text(encoding='utf-8').count('href="api.html')
               for page in out.glob('page*.html'))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--pages', type=int, default=120)
    parser.add_argument('--paragraphs', type=int, default=40)
    parser.add_argument('--declarations', type=int, default=400)
    parser.add_argument('--repeat', type=int, default=3)
    args = parser.parse_args()
    sphinx_dir = linux_source.kernel_tree() / 'Documentation' / 'sphinx'
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / 'src'
        project(source, args.pages, args.paragraphs, args.declarations)
        best: dict[str, tuple[float, float]] = {}
        made: dict[str, int] = {}
        for _ in range(args.repeat):
            for name, conf in VARIANTS.items():
                confdir = Path(tmp) / f'conf-{name}'
                confdir.mkdir(exist_ok=True)
                (confdir / 'conf.py').write_text(
                    conf.format(sphinx=str(sphinx_dir)) + "project = 'b'\n",
                    encoding='utf-8')
                out = Path(tmp) / f'out-{name}'
                wall, cpu = build(source, confdir, out)
                old = best.get(name, (wall, cpu))
                best[name] = (min(old[0], wall), min(old[1], cpu))
                made[name] = links(out)
    if made['ours'] != made['kernel']:
        print(f'links: ours {made["ours"]}, the kernel\'s {made["kernel"]}',
              file=sys.stderr)
        return 2
    print(f'{args.pages} pages x {args.paragraphs} paragraphs, '
          f'{args.declarations} declarations; {made["ours"]} links each; '
          f'best of {args.repeat}')
    for name, (wall, cpu) in best.items():
        print(f'{name:<8} wall {wall:7.2f} s   cpu {cpu:7.2f} s')
    added = {name: (best[name][0] - best['none'][0],
                    best[name][1] - best['none'][1])
             for name in ('kernel', 'ours')}
    for name, (wall, cpu) in added.items():
        print(f'{name:<8} adds wall {wall:6.2f} s   cpu {cpu:6.2f} s')
    ratio = added['ours'][1] / added['kernel'][1] \
        if added['kernel'][1] > 0 else float('nan')
    print(f'ours / the kernel\'s added CPU: {ratio:.2f} (target <= 0.5)')
    return 0


if __name__ == '__main__':
    sys.exit(main())
