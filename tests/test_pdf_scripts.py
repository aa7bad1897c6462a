# SPDX-License-Identifier: GPL-2.0-only
"""Every script readable in both PDF routes: the text of a page in each
of the kernel's translation languages, the scripts that must be shaped
and the symbols English pages use is read back from the PDF of linuxpdf
and of linuxlatex compiled with xelatex, and every character is drawn
with an embedded font whose character map has it.  Stock rst2pdf, the
control, draws them in base-14 fonts that have none of it; xelatex
without xeCJK drops the CJK text, and says so only through
``linuxdoc-latex-missing``.

Needs Debian's fonts-dejavu-core, fonts-dejavu-extra, fonts-wqy-zenhei,
fonts-freefont-otf and texlive-lang-cjk (scripts/run-tests installs
them).
"""

from __future__ import annotations

import re
import subprocess
import sys
import unicodedata
from functools import cache
from pathlib import Path

import pymupdf
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from pdf_visible import CONTINUATION_MARKS, hidden_text
from tools import make_latex_pdfs, sphinx_build, typed

from linuxdoc_builders.latex import missing
from linuxdoc_builders.latex.scripts import hangul_spaces, scripts_marked

ROOT = Path(__file__).parent / 'roots' / 'test-pdf-scripts'

def written_lines() -> list[str]:
    """The root's lines with characters outside ASCII, as a reader
    should read them: mark-up and list marks left out, spaces as one."""
    found = []
    for line in (ROOT / 'index.rst').read_text(encoding='utf-8').split('\n'):
        text = line.strip().removeprefix('* ').removeprefix('- ')
        if not text.isascii():
            found.append(' '.join(text.replace('*', '').split()))
    return found


@cache
def font_file(name: str) -> tuple[str, int] | None:
    """The file and face index of the font a PDF names (without its
    subset prefix): ReportLab names a face of a collection NAME-INDEX."""
    match = re.fullmatch(r'(.+)-(\d+)', name)
    postscript = match[1] if match else name
    answer = subprocess.run(
        ['fc-match', '-f', '%{postscriptname}\t%{file}\t%{index}',
         f':postscriptname={postscript}'], capture_output=True,
        text=True, check=True).stdout.split('\t')
    if answer[0] != postscript:
        return None
    return answer[1], int(answer[2])


@cache
def characters(name: str) -> frozenset[int]:
    """The character map of the font a PDF names (empty when it is not
    an installed font, as the base-14 fonts are not): TrueType read by
    ReportLab, PostScript outlines (FreeFont's .otf) by MuPDF."""
    from reportlab.pdfbase.ttfonts import TTFError, TTFontFile
    found = font_file(name)
    if found is None:
        return frozenset()
    try:
        font = TTFontFile(found[0], subfontIndex=found[1])
    except TTFError:
        assert found[1] == 0, found
        return frozenset(pymupdf.Font(fontfile=found[0]).valid_codepoints())
    return frozenset(font.charToGlyph)


def glyphless(pdf: Path) -> list[tuple[str, str]]:
    """(font, character) for each character drawn with a font that does
    not have it."""
    problems = []
    with pymupdf.open(pdf) as document:
        for page in document:
            for span in page.get_texttrace():
                for char in (chr(c[0]) for c in span['chars']):
                    if not char.isspace() and \
                            ord(char) not in characters(span['font']):
                        problems.append((span['font'], char))
    return problems


def _text(pdf: Path) -> str:
    with pymupdf.open(pdf) as document:
        return '\n'.join(' '.join(page.get_text().split())
                         for page in document)


@pytest.fixture(scope='module')
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp('scripts') / 'out'
    result = sphinx_build('-E', '-b', 'linuxpdf', ROOT, out,
                          cwd=out.parent)
    assert result.returncode == 0, result.stderr
    assert 'WARNING' not in result.stderr, result.stderr
    return out / 'scripts.pdf'


def test_every_line_is_in_the_pdf(built: Path) -> None:
    text = _text(built)
    lines = written_lines()
    assert len(lines) == 15
    for line in lines:
        assert line in text, line


def test_every_character_has_a_glyph_in_its_font(built: Path) -> None:
    assert glyphless(built) == []


def test_every_font_is_embedded_and_subset(built: Path) -> None:
    with pymupdf.open(built) as document:
        fonts = {font[3]: font[1] for page in document
                 for font in page.get_fonts()}
    assert fonts
    for name, extension in fonts.items():
        assert '+' in name, name               # a subset
        assert extension == 'ttf', (name, extension)   # embedded


def test_stock_rst2pdf_draws_boxes(tmp_path: Path) -> None:
    """The control: rst2pdf's base-14 fonts have none of it."""
    result = sphinx_build('-E', '-b', 'pdf', '-D',
                          'extensions=linuxdoc_builders,rst2pdf.pdfbuilder',
                          ROOT, tmp_path / 'out', cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    [pdf] = (tmp_path / 'out').glob('*.pdf')
    text = _text(pdf)
    lost = [line for line in written_lines() if line not in text]
    assert len(lost) >= 10, lost
    assert '\u2264' in {char for _, char in glyphless(pdf)}   # ≤


def test_a_character_no_font_has_is_reported(tmp_path: Path) -> None:
    """Once per document and script, at the line, with the characters
    and the package that has them; the rest of the PDF is written."""
    result = sphinx_build(
        '-E', '-b', 'linuxpdf', '-D',
        'linuxdoc_pdf_fallback_fonts=DejaVu Sans', ROOT, tmp_path / 'out',
        cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines()
                if 'no installed font has' in line]
    cjk = [line for line in warnings if ': no installed font has these '
           'cjk characters' in line]
    assert len(cjk) == 1, warnings
    assert re.match(r'\S*index\.rst:\d+: WARNING: ', cjk[0]), cjk
    assert 'U+4E2D 中' in cjk[0]
    assert cjk[0].endswith(typed('(Debian: install fonts-wqy-zenhei)',
                                 'linuxdoc.fonts'))
    assert len(warnings) == len({line.split('these ')[1].split()[0]
                                 for line in warnings})
    assert 'Καλημέρα κόσμε' in _text(tmp_path / 'out' / 'scripts.pdf')


#: Characters of each script the default fonts cover (assigned ones: a
#: block such as Greek has holes, which no font has).
ALPHABET = ''.join(c for c in map(chr, [
    *range(0x41, 0x5B), *range(0xC0, 0x17F), *range(0x391, 0x3A9),
    *range(0x3B1, 0x3C9), *range(0x410, 0x44F), *range(0x2190, 0x2199),
    *range(0x2200, 0x2211), *range(0x2500, 0x2520), *range(0x4E00, 0x4E80),
    *range(0x3041, 0x3090), *range(0x30A1, 0x30F0), *range(0xAC00, 0xAC40),
]) if unicodedata.category(c) != 'Cn')


def _words(count: int) -> st.SearchStrategy[list[str]]:
    return st.lists(st.text(ALPHABET, min_size=1, max_size=12),
                    min_size=1, max_size=count)


# no shrinking: each example is a sphinx-build of seconds
@settings(max_examples=5, deadline=None,
          phases=[Phase.explicit, Phase.reuse, Phase.generate],
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow])
@given(paragraph=_words(30), cells=_words(6), code=_words(8),
       strong=st.booleans())
def test_random_text_of_every_script_reaches_the_reader(
        tmp_path_factory: pytest.TempPathFactory, paragraph: list[str],
        cells: list[str], code: list[str], strong: bool) -> None:
    """Random words of the scripts above in a paragraph (bold or not),
    table cells and a code block: the build succeeds without a warning,
    every word is in the PDF, and every character is drawn with a font
    that has it."""
    tmp = tmp_path_factory.mktemp('random')
    src = tmp / 'src'
    src.mkdir()
    (src / 'conf.py').write_text("extensions = ['linuxdoc_builders']\n"
                                 "project = 'random'\n")
    mark = '**' if strong else ''
    body = ['Random', '======', '', mark + ' '.join(paragraph) + mark, '',
            '.. flat-table::', '']
    body += [f'   * - {word}' for word in cells]
    body += ['', '.. code-block:: text', '']
    body += [f'   {word}' for word in code]
    (src / 'index.rst').write_text('\n'.join(body) + '\n', encoding='utf-8')
    result = sphinx_build('-q', '-b', 'linuxpdf', src, tmp / 'out',
                          cwd=tmp)
    assert result.returncode == 0, result.stderr
    assert 'WARNING' not in result.stderr, result.stderr
    pdf = tmp / 'out' / 'random.pdf'
    text = ''.join(_text(pdf).split())
    for word in paragraph + cells + code:
        assert word in text, word
    assert glyphless(pdf) == []


@pytest.fixture(scope='module')
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The root built with linuxlatex and compiled with xelatex."""
    out = tmp_path_factory.mktemp('scripts-latex') / 'out'
    result = sphinx_build('-E', '-b', 'linuxlatex', '-D',
                          'latex_engine=xelatex', ROOT, out, cwd=out.parent)
    assert result.returncode == 0, result.stderr
    assert 'WARNING' not in result.stderr, result.stderr
    assert make_latex_pdfs(out) == []
    return out


def test_latex_every_line_is_in_the_pdf(compiled: Path) -> None:
    """White space aside: MuPDF finds no space in narrow gaps that TeX
    leaves (between Korean words, beside ≤)."""
    text = ''.join(_text(compiled / 'scripts.pdf').split())
    for line in written_lines():
        assert ''.join(line.split()) in text, line


def test_latex_every_character_has_a_glyph_in_its_font(
        compiled: Path) -> None:
    assert glyphless(compiled / 'scripts.pdf') == []


def test_latex_nothing_is_left_out(compiled: Path) -> None:
    assert missing.main([str(compiled)]) == 0
    assert 'Missing character' not in (compiled / 'scripts.log').read_text(
        encoding='utf-8', errors='replace')


#: A Chinese paragraph of several lines with identifiers in it, as the
#: kernel's translations have them: no space anywhere.
CHINESE = ('在电路板被识别之后，早期配置数据被解析之前，内核会调用机器特定的'
           '钩子函数，比如.init_early()、.init_irq()和.init_machine()，'
           '这些函数在启动过程的不同阶段执行各自的初始化工作，并且所有的架构'
           '在使用设备树时都会做几乎相同的事情。') * 3


def test_latex_chinese_breaks_unmarked(tmp_path: Path) -> None:
    """xeCJK breaks Chinese between any two characters: no line of it
    begins with the continuation mark of a broken identifier (every
    line did; one broken after ``init_`` has it), and nothing is set
    over anything else (a 、 was over ``.init_irq()``)."""
    src = tmp_path / 'src'
    src.mkdir()
    (src / 'conf.py').write_text(
        (ROOT / 'conf.py').read_text(encoding='utf-8'), encoding='utf-8')
    (src / 'index.rst').write_text(f'Chinese\n=======\n\n{CHINESE}\n',
                                   encoding='utf-8')
    out = tmp_path / 'out'
    result = sphinx_build('-E', '-b', 'linuxlatex', '-D',
                          'latex_engine=xelatex', src, out, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert make_latex_pdfs(out) == []
    pdf = out / 'scripts.pdf'
    text = ''.join(_text(pdf).split())
    assert text.count(CHINESE[:40]) == 3
    # an identifier broken after its _ is marked, as in English
    after = re.findall(f'[{"".join(CONTINUATION_MARKS)}](.)', text)
    assert [c for c in after if not c.isascii()] == []
    assert hidden_text(pdf) == []


def test_latex_cjk_without_xecjk_is_reported(tmp_path: Path) -> None:
    """Without xeCJK (hidden here as TeX would not find it), the CJK text
    is dropped, and linuxdoc-latex-missing says so: the book, how many,
    the characters, and the Debian package that gives xeCJK; the Greek
    text is still there."""
    out = tmp_path / 'out'
    result = sphinx_build('-E', '-b', 'linuxlatex', '-D',
                          'latex_engine=xelatex', ROOT, out, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    sty = out / 'linuxdoc-cjk.sty'
    sty.write_text(sty.read_text(encoding='utf-8').replace(
        'xeCJK.sty', 'no-such-package.sty'), encoding='utf-8')
    assert make_latex_pdfs(out) == []
    assert 'Καλημέρα κόσμε' in _text(out / 'scripts.pdf')
    command = Path(sys.executable).parent / 'linuxdoc-latex-missing'
    report = subprocess.run([command, str(out)],
                            capture_output=True, text=True, check=False)
    assert report.returncode == 1
    [line] = report.stderr.splitlines()
    assert re.fullmatch(
        r'scripts\.pdf: WARNING: \d+ cjk character\(s\) left out, no glyph '
        r'in FreeMono, FreeSerif\S*(, FreeSerif\S*)*: U\+3001 、, .* and '
        r'\d+ more; install xeCJK \(Debian: texlive-lang-cjk\)', line), line
    assert 'U+4E2D 中' in line


def test_latex_no_cjk_font_names_the_packages() -> None:
    log = ('Package linuxdoc-cjk Info: no CJK font is installed on input '
           'line 5.\nMissing character: There is no 中 (U+4E2D) in font '
           '[FreeSerif.otf]/OT:script=latn;language=dflt;mapping=tex-te\n')
    assert missing.fix('CJK', log) == (
        'install a CJK font (Debian: fonts-noto-cjk or fonts-wqy-zenhei)')
    [(name, dropped)] = missing.dropped_characters(log).items()
    assert (name, dropped.chars, dropped.fonts) == ('CJK', {'中'},
                                                    {'FreeSerif'})


def test_latex_korean_words_keep_their_spaces() -> None:
    assert hangul_spaces('커널 문서\n한국어 a 번역') == \
        '커널\\ 문서\\ 한국어 a 번역'


SHAPED = Path(__file__).parent / 'roots' / 'test-scripts-shaped'


def test_latex_shapes_what_must_be_shaped(tmp_path: Path) -> None:
    """Arabic comes out joined (the PDF's text holds the joined forms
    its glyphs stand for) and Hindi reordered, in running text and in a
    table; the stock translator sets both letter by letter."""
    texts = {}
    for translator in ('1', '0'):
        out = tmp_path / translator
        result = sphinx_build('-E', '-b', 'latex', '-D',
                              f'linuxdoc_latex_translator={translator}',
                              SHAPED, out, cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        assert make_latex_pdfs(out) == []
        assert missing.main([str(out)]) == 0
        texts[translator] = _text(out / 'shaped.pdf')
        assert glyphless(out / 'shaped.pdf') == []
    joined = re.compile('[\ufe70-\ufefc]')     # Arabic presentation forms
    assert len(joined.findall(texts['1'])) >= 10
    assert not joined.search(texts['0'])
    # the vowel sign I is drawn before the consonant it follows
    assert 'ि' + 'ह' in texts['1'] and 'हि' in texts['0']


def test_linuxpdf_says_what_it_does_not_shape(tmp_path: Path) -> None:
    """Arabic, Hebrew, Devanagari and Thai drawn in a font that has them
    (FreeSerif's TrueType faces), every line there; a warning per
    script that must be shaped, which ReportLab does not do."""
    result = sphinx_build('-E', '-b', 'linuxpdf', SHAPED, tmp_path / 'out',
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    pdf = tmp_path / 'out' / 'shaped.pdf'
    assert glyphless(pdf) == []
    text = _text(pdf)
    for line in ('हिन्दी भाषा', 'ภาษาไทย'):
        assert line in text, line
    # right-to-left text is read back in either order: its letters
    for word in ('اللغة', 'العربية', 'שפה', 'עברית', 'كتاب'):
        assert word in text or word[::-1] in text, word
    warnings = [line for line in result.stderr.splitlines()
                if 'WARNING' in line]
    assert len(warnings) == 3, warnings
    for name in ('arabic', 'devanagari', 'hebrew'):
        [line] = [w for w in warnings if f' {name} text is drawn but not '
                  'shaped' in w]
        assert re.match(r'\S*index\.rst:\d+: WARNING: ', line), line


def test_scripts_are_marked_for_shaping() -> None:
    assert scripts_marked('a كتاب عربي, हिन्दी b') == (
        'a \\linuxdocscript{Arabic}{كتاب عربي}, '
        '\\linuxdocscript{Devanagari}{हिन्दी} b')
    assert scripts_marked('ascii only') == 'ascii only'


#: The part of the kernel's kerneldoc-preamble.sty that acts where it
#: finds no Noto Sans CJK: each translation chapter is an argument its
#: macro throws away.
KERNEL_PREAMBLE = r'''
\usepackage{ifthen}
\newboolean{enablecjk}
\setboolean{enablecjk}{false}
\newcommand{\kerneldocBeginSC}[1]{Translations were skipped.}
\newcommand{\kerneldocEndSC}{}
\newcommand{\kerneldocBeginKR}[1]{}
\newcommand{\kerneldocEndKR}{}
'''

TRANSLATIONS = '''\
Translations
============

.. raw:: latex

   \\kerneldocBeginSC{

中文翻译: 内核文档.

.. raw:: latex

   }\\kerneldocEndSC

.. raw:: latex

   \\kerneldocBeginKR{

한국어 번역: 커널 문서.

.. raw:: latex

   }\\kerneldocEndKR

After the translations.
'''


def test_latex_kernel_translations_are_set_not_dropped(
        tmp_path: Path) -> None:
    """The kernel's conf.py keeps Sphinx's default engine and its
    Makefile compiles with xelatex; its preamble drops the translation
    chapters when it finds no Noto CJK.  With xeCJK and WenQuanYi here,
    they are set: every line in the PDF, nothing left out."""
    src = tmp_path / 'src'
    src.mkdir()
    (src / 'conf.py').write_text(
        "extensions = ['linuxdoc_builders']\nproject = 'kernel'\n"
        f"latex_elements = {{'preamble': {KERNEL_PREAMBLE!r}}}\n",
        encoding='utf-8')
    (src / 'index.rst').write_text(TRANSLATIONS, encoding='utf-8')
    out = tmp_path / 'out'
    result = sphinx_build('-b', 'linuxlatex', src, out, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    compiled = subprocess.run(
        ['latexmk', '-xelatex', '-interaction=nonstopmode', 'kernel.tex'],
        cwd=out, capture_output=True, text=True, check=False)
    assert compiled.returncode == 0, compiled.stdout[-2000:]
    text = ''.join(_text(out / 'kernel.pdf').split())
    for line in ('中文翻译:内核文档.', '한국어번역:커널문서.',
                 'Afterthetranslations.'):
        assert line in text, line
    assert 'Translationswereskipped' not in text
    assert missing.main([str(out)]) == 0
