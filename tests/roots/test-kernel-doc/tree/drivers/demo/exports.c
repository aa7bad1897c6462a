// SPDX-License-Identifier: GPL-2.0-only
/* Written for linuxdoc-builders' tests: exports of another file. */
EXPORT_SYMBOL(demo_remove);
