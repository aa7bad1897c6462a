// SPDX-License-Identifier: GPL-2.0-only
/* Written for linuxdoc-builders' tests: comments the script warns about. */

/**
 * bad_params() - misses one
 * @a: first
 * @nope: does not exist
 */
int bad_params(int a, int b);

/**
 * This comment is not kernel doc, just a comment
 */

/**
 * struct broken - cannot be parsed
 */
struct broken;

/**
 * wrong_name() - names another function
 */
int right_name(void);

/**
 * enum colour - one value undescribed
 * @RED: red
 */
enum colour { RED, GREEN };

/**
 * bad_markup() - reST the Sphinx parser complains about
 *
 * An *unclosed emphasis, reported at this line of bad.c.
 */
void bad_markup(void);
