# SPDX-License-Identifier: GPL-2.0-only
"""The kernel's kernel-doc comments, parsed in-process.

:mod:`.parser` (with :mod:`.prototypes`) reads a C file once into a
:class:`~.model.ParsedFile`; :mod:`.rest` renders it for one directive's
selection as the reST kernel 6.12's ``scripts/kernel-doc -rst`` prints;
:mod:`.cache` keeps parses per process and on disk.
"""
