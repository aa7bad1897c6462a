// SPDX-License-Identifier: GPL-2.0-only
/*
 * Names and titles outside ASCII, as option values select them.
 */

/**
 * DOC: Locking — overview
 *
 * The lock “rules” — all of them.
 */

/**
 * DOC: Théorie
 *
 * The accents: é, ü, ß.
 */

/**
 * unicode_probe() - probes, “carefully”
 * @dev: the device — never NULL
 *
 * Return: 0 or a negative errno (≤ 0).
 */
int unicode_probe(struct device *dev);
