// SPDX-License-Identifier: GPL-2.0-only
/* Written for linuxdoc-builders' tests: the escape cases' target. */

/**
 * demo_tiny() - exported by a file outside the tree, it claims
 */
void demo_tiny(void)
{
}
