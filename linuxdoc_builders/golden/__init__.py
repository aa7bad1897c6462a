# SPDX-License-Identifier: GPL-2.0-only
"""What a reader sees of a built project, as text that can be compared.

``linuxdoc-golden`` and the project's own golden tests normalise with
this one package: every table as its grid (``tables``), the text
structure of HTML pages (``html``), the body of LaTeX documents
(``latex``) and what a PDF shows (``pdf``, needs PyMuPDF).  Nothing that
changes between runs, machines or releases without the reader seeing it
(timestamps, versions, absolute paths, generated ids, theme mark-up) is
kept.
"""
