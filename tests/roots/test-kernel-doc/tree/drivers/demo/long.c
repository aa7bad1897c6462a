// SPDX-License-Identifier: GPL-2.0-only
/*
 * Long paragraphs: after a parameter and a blank line (each line is
 * filed as a section of its own), as a Description section, and in a
 * comment left open at the end of the file.
 */

/**
 * long_after_blank() - a paragraph after a blank line
 * @x: the x
 *
 * Line 0 of one long paragraph, with “quotes” — and dashes.
 * Line 1 of one long paragraph, with “quotes” — and dashes.
 * Line 2 of one long paragraph, with “quotes” — and dashes.
 * Line 3 of one long paragraph, with “quotes” — and dashes.
 * Line 4 of one long paragraph, with “quotes” — and dashes.
 * Line 5 of one long paragraph, with “quotes” — and dashes.
 * Line 6 of one long paragraph, with “quotes” — and dashes.
 * Line 7 of one long paragraph, with “quotes” — and dashes.
 * Line 8 of one long paragraph, with “quotes” — and dashes.
 * Line 9 of one long paragraph, with “quotes” — and dashes.
 * Line 10 of one long paragraph, with “quotes” — and dashes.
 * Line 11 of one long paragraph, with “quotes” — and dashes.
 * Line 12 of one long paragraph, with “quotes” — and dashes.
 * Line 13 of one long paragraph, with “quotes” — and dashes.
 * Line 14 of one long paragraph, with “quotes” — and dashes.
 * Line 15 of one long paragraph, with “quotes” — and dashes.
 * Line 16 of one long paragraph, with “quotes” — and dashes.
 * Line 17 of one long paragraph, with “quotes” — and dashes.
 * Line 18 of one long paragraph, with “quotes” — and dashes.
 * Line 19 of one long paragraph, with “quotes” — and dashes.
 * Line 20 of one long paragraph, with “quotes” — and dashes.
 * Line 21 of one long paragraph, with “quotes” — and dashes.
 * Line 22 of one long paragraph, with “quotes” — and dashes.
 * Line 23 of one long paragraph, with “quotes” — and dashes.
 * Line 24 of one long paragraph, with “quotes” — and dashes.
 * Line 25 of one long paragraph, with “quotes” — and dashes.
 * Line 26 of one long paragraph, with “quotes” — and dashes.
 * Line 27 of one long paragraph, with “quotes” — and dashes.
 * Line 28 of one long paragraph, with “quotes” — and dashes.
 * Line 29 of one long paragraph, with “quotes” — and dashes.
 * Line 30 of one long paragraph, with “quotes” — and dashes.
 * Line 31 of one long paragraph, with “quotes” — and dashes.
 * Line 32 of one long paragraph, with “quotes” — and dashes.
 * Line 33 of one long paragraph, with “quotes” — and dashes.
 * Line 34 of one long paragraph, with “quotes” — and dashes.
 * Line 35 of one long paragraph, with “quotes” — and dashes.
 * Line 36 of one long paragraph, with “quotes” — and dashes.
 * Line 37 of one long paragraph, with “quotes” — and dashes.
 * Line 38 of one long paragraph, with “quotes” — and dashes.
 * Line 39 of one long paragraph, with “quotes” — and dashes.
 * Line 40 of one long paragraph, with “quotes” — and dashes.
 * Line 41 of one long paragraph, with “quotes” — and dashes.
 * Line 42 of one long paragraph, with “quotes” — and dashes.
 * Line 43 of one long paragraph, with “quotes” — and dashes.
 * Line 44 of one long paragraph, with “quotes” — and dashes.
 * Line 45 of one long paragraph, with “quotes” — and dashes.
 * Line 46 of one long paragraph, with “quotes” — and dashes.
 * Line 47 of one long paragraph, with “quotes” — and dashes.
 * Line 48 of one long paragraph, with “quotes” — and dashes.
 * Line 49 of one long paragraph, with “quotes” — and dashes.
 * Line 50 of one long paragraph, with “quotes” — and dashes.
 * Line 51 of one long paragraph, with “quotes” — and dashes.
 * Line 52 of one long paragraph, with “quotes” — and dashes.
 * Line 53 of one long paragraph, with “quotes” — and dashes.
 * Line 54 of one long paragraph, with “quotes” — and dashes.
 * Line 55 of one long paragraph, with “quotes” — and dashes.
 * Line 56 of one long paragraph, with “quotes” — and dashes.
 * Line 57 of one long paragraph, with “quotes” — and dashes.
 * Line 58 of one long paragraph, with “quotes” — and dashes.
 * Line 59 of one long paragraph, with “quotes” — and dashes.
 */
int long_after_blank(int x);

/**
 * long_description() - a Description section
 * @y: the y
 *
 * Description:
 * Line 0 of one long paragraph, with “quotes” — and dashes.
 * Line 1 of one long paragraph, with “quotes” — and dashes.
 * Line 2 of one long paragraph, with “quotes” — and dashes.
 * Line 3 of one long paragraph, with “quotes” — and dashes.
 * Line 4 of one long paragraph, with “quotes” — and dashes.
 * Line 5 of one long paragraph, with “quotes” — and dashes.
 * Line 6 of one long paragraph, with “quotes” — and dashes.
 * Line 7 of one long paragraph, with “quotes” — and dashes.
 * Line 8 of one long paragraph, with “quotes” — and dashes.
 * Line 9 of one long paragraph, with “quotes” — and dashes.
 * Line 10 of one long paragraph, with “quotes” — and dashes.
 * Line 11 of one long paragraph, with “quotes” — and dashes.
 * Line 12 of one long paragraph, with “quotes” — and dashes.
 * Line 13 of one long paragraph, with “quotes” — and dashes.
 * Line 14 of one long paragraph, with “quotes” — and dashes.
 * Line 15 of one long paragraph, with “quotes” — and dashes.
 * Line 16 of one long paragraph, with “quotes” — and dashes.
 * Line 17 of one long paragraph, with “quotes” — and dashes.
 * Line 18 of one long paragraph, with “quotes” — and dashes.
 * Line 19 of one long paragraph, with “quotes” — and dashes.
 * Line 20 of one long paragraph, with “quotes” — and dashes.
 * Line 21 of one long paragraph, with “quotes” — and dashes.
 * Line 22 of one long paragraph, with “quotes” — and dashes.
 * Line 23 of one long paragraph, with “quotes” — and dashes.
 * Line 24 of one long paragraph, with “quotes” — and dashes.
 * Line 25 of one long paragraph, with “quotes” — and dashes.
 * Line 26 of one long paragraph, with “quotes” — and dashes.
 * Line 27 of one long paragraph, with “quotes” — and dashes.
 * Line 28 of one long paragraph, with “quotes” — and dashes.
 * Line 29 of one long paragraph, with “quotes” — and dashes.
 * Line 30 of one long paragraph, with “quotes” — and dashes.
 * Line 31 of one long paragraph, with “quotes” — and dashes.
 * Line 32 of one long paragraph, with “quotes” — and dashes.
 * Line 33 of one long paragraph, with “quotes” — and dashes.
 * Line 34 of one long paragraph, with “quotes” — and dashes.
 * Line 35 of one long paragraph, with “quotes” — and dashes.
 * Line 36 of one long paragraph, with “quotes” — and dashes.
 * Line 37 of one long paragraph, with “quotes” — and dashes.
 * Line 38 of one long paragraph, with “quotes” — and dashes.
 * Line 39 of one long paragraph, with “quotes” — and dashes.
 * Line 40 of one long paragraph, with “quotes” — and dashes.
 * Line 41 of one long paragraph, with “quotes” — and dashes.
 * Line 42 of one long paragraph, with “quotes” — and dashes.
 * Line 43 of one long paragraph, with “quotes” — and dashes.
 * Line 44 of one long paragraph, with “quotes” — and dashes.
 * Line 45 of one long paragraph, with “quotes” — and dashes.
 * Line 46 of one long paragraph, with “quotes” — and dashes.
 * Line 47 of one long paragraph, with “quotes” — and dashes.
 * Line 48 of one long paragraph, with “quotes” — and dashes.
 * Line 49 of one long paragraph, with “quotes” — and dashes.
 * Line 50 of one long paragraph, with “quotes” — and dashes.
 * Line 51 of one long paragraph, with “quotes” — and dashes.
 * Line 52 of one long paragraph, with “quotes” — and dashes.
 * Line 53 of one long paragraph, with “quotes” — and dashes.
 * Line 54 of one long paragraph, with “quotes” — and dashes.
 * Line 55 of one long paragraph, with “quotes” — and dashes.
 * Line 56 of one long paragraph, with “quotes” — and dashes.
 * Line 57 of one long paragraph, with “quotes” — and dashes.
 * Line 58 of one long paragraph, with “quotes” — and dashes.
 * Line 59 of one long paragraph, with “quotes” — and dashes.
 */
int long_description(int y);

/**
 * long_unterminated() - a comment left open
 * @z: the z
 *
 * Line 0 of one long paragraph, with “quotes” — and dashes.
 * Line 1 of one long paragraph, with “quotes” — and dashes.
 * Line 2 of one long paragraph, with “quotes” — and dashes.
 * Line 3 of one long paragraph, with “quotes” — and dashes.
 * Line 4 of one long paragraph, with “quotes” — and dashes.
 * Line 5 of one long paragraph, with “quotes” — and dashes.
 * Line 6 of one long paragraph, with “quotes” — and dashes.
 * Line 7 of one long paragraph, with “quotes” — and dashes.
 * Line 8 of one long paragraph, with “quotes” — and dashes.
 * Line 9 of one long paragraph, with “quotes” — and dashes.
 * Line 10 of one long paragraph, with “quotes” — and dashes.
 * Line 11 of one long paragraph, with “quotes” — and dashes.
 * Line 12 of one long paragraph, with “quotes” — and dashes.
 * Line 13 of one long paragraph, with “quotes” — and dashes.
 * Line 14 of one long paragraph, with “quotes” — and dashes.
 * Line 15 of one long paragraph, with “quotes” — and dashes.
 * Line 16 of one long paragraph, with “quotes” — and dashes.
 * Line 17 of one long paragraph, with “quotes” — and dashes.
 * Line 18 of one long paragraph, with “quotes” — and dashes.
 * Line 19 of one long paragraph, with “quotes” — and dashes.
 * Line 20 of one long paragraph, with “quotes” — and dashes.
 * Line 21 of one long paragraph, with “quotes” — and dashes.
 * Line 22 of one long paragraph, with “quotes” — and dashes.
 * Line 23 of one long paragraph, with “quotes” — and dashes.
 * Line 24 of one long paragraph, with “quotes” — and dashes.
 * Line 25 of one long paragraph, with “quotes” — and dashes.
 * Line 26 of one long paragraph, with “quotes” — and dashes.
 * Line 27 of one long paragraph, with “quotes” — and dashes.
 * Line 28 of one long paragraph, with “quotes” — and dashes.
 * Line 29 of one long paragraph, with “quotes” — and dashes.
 * Line 30 of one long paragraph, with “quotes” — and dashes.
 * Line 31 of one long paragraph, with “quotes” — and dashes.
 * Line 32 of one long paragraph, with “quotes” — and dashes.
 * Line 33 of one long paragraph, with “quotes” — and dashes.
 * Line 34 of one long paragraph, with “quotes” — and dashes.
 * Line 35 of one long paragraph, with “quotes” — and dashes.
 * Line 36 of one long paragraph, with “quotes” — and dashes.
 * Line 37 of one long paragraph, with “quotes” — and dashes.
 * Line 38 of one long paragraph, with “quotes” — and dashes.
 * Line 39 of one long paragraph, with “quotes” — and dashes.
 * Line 40 of one long paragraph, with “quotes” — and dashes.
 * Line 41 of one long paragraph, with “quotes” — and dashes.
 * Line 42 of one long paragraph, with “quotes” — and dashes.
 * Line 43 of one long paragraph, with “quotes” — and dashes.
 * Line 44 of one long paragraph, with “quotes” — and dashes.
 * Line 45 of one long paragraph, with “quotes” — and dashes.
 * Line 46 of one long paragraph, with “quotes” — and dashes.
 * Line 47 of one long paragraph, with “quotes” — and dashes.
 * Line 48 of one long paragraph, with “quotes” — and dashes.
 * Line 49 of one long paragraph, with “quotes” — and dashes.
 * Line 50 of one long paragraph, with “quotes” — and dashes.
 * Line 51 of one long paragraph, with “quotes” — and dashes.
 * Line 52 of one long paragraph, with “quotes” — and dashes.
 * Line 53 of one long paragraph, with “quotes” — and dashes.
 * Line 54 of one long paragraph, with “quotes” — and dashes.
 * Line 55 of one long paragraph, with “quotes” — and dashes.
 * Line 56 of one long paragraph, with “quotes” — and dashes.
 * Line 57 of one long paragraph, with “quotes” — and dashes.
 * Line 58 of one long paragraph, with “quotes” — and dashes.
 * Line 59 of one long paragraph, with “quotes” — and dashes.
