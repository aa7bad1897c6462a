# SPDX-License-Identifier: GPL-2.0-only
"""The ``kernel-doc`` directive: kernel-doc comments of C files as reST.

``.. kernel-doc:: FILE`` with ``:export: [files]``, ``:internal:
[files]``, ``:doc: TITLE``, ``:identifiers: a b`` (``:functions:``, its
old name) and ``:no-identifiers: a b``, read as the kernel's
Documentation/sphinx/kerneldoc.py reads them
(:mod:`linuxdoc_builders.kerneldoc.options`).

The kernel's extension runs its Perl script once per directive; this one
parses each C file once per build in-process
(:mod:`linuxdoc_builders.kerneldoc.cache`), renders the same reST
(:mod:`linuxdoc_builders.kerneldoc.rest`) and parses it with the C
file's line numbers, as the kernel's does.  The script's diagnostics go
through Sphinx's logging at the C file's line (type ``kernel-doc``, a
subtype per kind, so ``suppress_warnings = ['kernel-doc.undescribed']``
works).  With ``kerneldoc_bin`` set, that script is run instead, as the
kernel runs it.

Config: ``kerneldoc_srctree`` (default: the tree whose ``Documentation/``
holds the docs, else the source directory; relative to the conf.py
directory), ``kerneldoc_bin``, ``kerneldoc_sphinx_version`` (the C-domain
dialect, default: the running Sphinx) and ``kerneldoc_verbosity`` (the
kernel's: whether an external script's stderr is shown).
"""

from __future__ import annotations

import difflib
import os
import re
import subprocess
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import sphinx
from docutils import nodes, statemachine
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.locale import __
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, switch_source_input

from linuxdoc_builders import __version__
from linuxdoc_builders.kerneldoc import cache, options
from linuxdoc_builders.kerneldoc.command_line import sphinx_major
from linuxdoc_builders.kerneldoc.model import Mode, ParsedFile, to_text
from linuxdoc_builders.kerneldoc.rest import render

from .kernel_doc_origins import note_origin, setup_origins

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.config import Config

logger = logging.getLogger(__name__)

LINENO = re.compile(r'^\.\. LINENO ([0-9]{1,9})$')


def default_srctree(srcdir: Path) -> Path:
    """The kernel tree the docs live in: the parent of ``Documentation``.

    Outside a kernel-like layout, the Sphinx source directory itself.
    """
    for parent in (srcdir, *srcdir.parents):
        if parent.name == 'Documentation':
            return parent.parent
    return srcdir


#: The options, each read as text; what each expects, for messages.
OPTIONS = {
    'doc': __('the title of a DOC: section'),
    'export': __('nothing, or files (glob patterns) with EXPORT_SYMBOL'),
    'internal': __('nothing, or files (glob patterns) with EXPORT_SYMBOL'),
    'identifiers': __('names of functions, types or DOC: sections'),
    'no-identifiers': __('names of functions, types or DOC: sections'),
    'functions': __('names of functions, types or DOC: sections'),
}


class _AnyOption(dict[str, Any]):
    """docutils' option check, taking every name as text: the directive
    reports unknown names and bad values itself, in its own words (and
    builds what it can), where docutils would drop it with a message
    about ``None``."""

    def __missing__(self, name: str) -> Any:
        return directives.unchanged


class KernelDoc(SphinxDirective):
    """``.. kernel-doc:: FILE`` and its selection options."""

    required_arguments = 0
    optional_arguments = 1
    final_argument_whitespace = True
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = _AnyOption(
        dict.fromkeys(OPTIONS, directives.unchanged))

    def run(self) -> list[nodes.Node]:
        if not self.arguments or not self.arguments[0].strip():
            self._warn(__('kernel-doc: expected the C file to read: '
                          '".. kernel-doc:: FILE"'), subtype='option',
                       error=True)
            return []
        if not self._options_checked():
            return []
        srctree = self._srctree()
        try:
            path = options.inside(srctree, self.arguments[0])
        except options.OutsideTree:
            self._warn(__('kernel-doc: %r is outside kerneldoc_srctree '
                          '(%s); not read'), self.arguments[0], srctree,
                       subtype='path', error=True)
            return []
        req = options.request(self.options)
        exports, refused = options.export_files(srctree, req.export_patterns)
        for pattern in refused:
            self._warn(__('kernel-doc: export file %r is outside '
                          'kerneldoc_srctree (%s); ignored'), pattern,
                       srctree, subtype='path', error=True)
        for pattern in req.export_patterns:
            if pattern not in refused and not options.export_files(
                    srctree, (pattern,))[0]:
                self._warn(__('kernel-doc: export file %r matches no file '
                              'in kerneldoc_srctree (%s); ignored'),
                           pattern, srctree, subtype='path')
        self.env.note_dependency(str(path))
        for export in exports:
            self.env.note_dependency(str(export))
        if self.config.kerneldoc_bin:
            text = self._external(path, exports)
        else:
            text = self._in_process(path, req, exports)
        if text is None:
            return []
        return self._parse(text, path)

    def _options_checked(self) -> bool:
        """Leave out unknown options, with a warning naming the closest
        one; False (and an error) for a ``:doc:`` without a title, which
        selects nothing."""
        for name in list(self.options):
            if name not in OPTIONS:
                close = difflib.get_close_matches(name, OPTIONS, n=1)
                hint = (__('did you mean :%s:?') % close[0] if close else
                        __('the options are %s') % ', '.join(
                            f':{n}:' for n in OPTIONS))
                self._warn(__('kernel-doc: unknown option :%s:, ignored; '
                              '%s'), name, hint, subtype='option')
                del self.options[name]
        if 'doc' in self.options and not (self.options['doc'] or '').strip():
            self._warn(__('kernel-doc: :doc: given nothing; expected %s'),
                       OPTIONS['doc'], subtype='option', error=True)
            return False
        return True

    def _srctree(self) -> Path:
        configured = self.config.kerneldoc_srctree
        if configured:
            return Path(configured)
        return default_srctree(Path(self.env.srcdir))

    def _warn(self, message: str, *args: object, subtype: str,
              error: bool = False) -> None:
        """A problem of the directive itself, at the directive."""
        log = logger.error if error else logger.warning
        log(message, *args, location=self.get_location(),
            type='kernel-doc', subtype=subtype)

    def _parsed(self, path: Path) -> ParsedFile | None:
        try:
            return cache.parsed_file(
                path, Path(self.env.doctreedir) / 'kerneldoc')
        except OSError as error:
            self._warn(__('kernel-doc: cannot read %s: %s'), path,
                       error.strerror, subtype='missing')
            return None

    def _in_process(self, path: Path, req: options.Request,
                    export_paths: list[Path]) -> str | None:
        parsed = self._parsed(path)
        if parsed is None:
            return None
        exports: list[str] = []
        if req.selection.mode in (Mode.EXPORTED, Mode.INTERNAL):
            for export_path in export_paths:
                other = self._parsed(export_path)
                if other is not None:
                    exports += other.exports
            exports += parsed.exports
        version = self.config.kerneldoc_sphinx_version or sphinx.__version__
        result = render(parsed, req.selection, exports,
                        sphinx_major(version))
        for message in result.messages:
            log = logger.error if message.error else logger.warning
            log('%s', to_text(message.text).rstrip('\n'),
                location=f'{path}:{message.line}', type='kernel-doc',
                subtype=message.subtype)
        return to_text(result.text)

    def _external(self, path: Path, exports: list[Path]) -> str | None:
        """The configured script, with the kernel extension's arguments."""
        version = self.config.kerneldoc_sphinx_version or sphinx.__version__
        cmd = [self.config.kerneldoc_bin, '-rst', '-enable-lineno',
               '-sphinx-version', version]
        req = options.request(self.options)
        sel = req.selection
        if sel.mode is Mode.EXPORTED:
            cmd.append('-export')
        elif sel.mode is Mode.INTERNAL:
            cmd.append('-internal')
        elif sel.mode is Mode.INCLUDE:
            for name in sorted(sel.symbols):
                cmd += ['-function', name]
        elif sel.no_doc_sections:
            cmd.append('-no-doc-sections')
        for name in sorted(sel.excluded):
            cmd += ['-nosymbol', name]
        for export in exports:
            cmd += ['-export-file', str(export)]
        cmd.append(str(path))
        try:
            proc = subprocess.run(cmd, capture_output=True, check=False)
        except OSError as error:
            self._warn(__('kernel-doc: cannot run %s: %s'), cmd[0],
                       error.strerror, subtype='external')
            return None
        err = proc.stderr.decode('utf-8', 'replace')
        if proc.returncode or self.config.kerneldoc_verbosity > 0:
            for line in err.splitlines():
                logger.warning('%s', line, type='kernel-doc',
                               subtype='external')
        if proc.returncode:
            self._warn(__("kernel-doc '%s' failed with return code %d"),
                       ' '.join(cmd), proc.returncode, subtype='external')
            return None
        return proc.stdout.decode('utf-8', 'replace')

    def _parse(self, text: str, path: Path) -> list[nodes.Node]:
        """The reST parsed with each line mapped to its C source line."""
        tab_width = self.state.document.settings.tab_width
        # the kernel's form, so messages (and doctrees) read the same
        source = f'{self.env.srcdir}/{self.env.docname}:{self.lineno}: {path}'
        content = StringList()
        offset = 0
        lines: list[int] = []
        for line in statemachine.string2lines(text, tab_width,
                                              convert_whitespace=True):
            match = LINENO.match(line)
            if match:
                offset = int(match[1]) - 1
                lines.append(offset + 1)
            else:
                content.append(line, source, offset)
                offset += 1
        if lines:
            note_origin(self.env, self.arguments[0], min(lines), offset)
        node = nodes.section()
        with switch_source_input(self.state, content):
            self.state.nested_parse(content, 0, node, match_titles=True)
        return node.children


def _absolute_paths(app: Sphinx, config: Config) -> None:
    """Relative ``kerneldoc_srctree`` and ``kerneldoc_bin`` paths are
    relative to the directory of conf.py, as Sphinx's own paths are; a
    ``..`` in them is folded (not resolved: a symlink stays itself), so
    messages name the tree as ``../src`` reaches it."""
    for name in ('kerneldoc_srctree', 'kerneldoc_bin'):
        value = config[name]
        if value and (name == 'kerneldoc_srctree' or '/' in value):
            config[name] = os.path.normpath(Path(app.confdir, value))


def setup(app: Sphinx) -> dict[str, Any]:
    metadata = {'version': __version__, 'parallel_read_safe': True,
                'parallel_write_safe': True}
    if 'kerneldoc_srctree' in app.config:
        # The kernel's own extension came first (a kernel conf.py that
        # lists both): it keeps the directive, rather than the build
        # stopping on config values registered twice.
        logger.info(__('kernel-doc: another kernel-doc extension is '
                       'loaded; it keeps the kernel-doc directive'))
        return metadata
    app.add_config_value('kerneldoc_srctree', None, 'env', (str,))
    app.add_config_value('kerneldoc_bin', None, 'env', (str,))
    app.add_config_value('kerneldoc_sphinx_version', None, 'env', (str,))
    app.add_config_value('kerneldoc_verbosity', 1, 'env', (int,))
    app.add_directive('kernel-doc', KernelDoc)
    app.connect('config-inited', _absolute_paths)
    setup_origins(app)
    return metadata
