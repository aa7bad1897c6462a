// SPDX-License-Identifier: GPL-2.0-only
/* Written for linuxdoc-builders' tests: exported and internal symbols. */

/**
 * demo_probe() - bind a device
 * @dev: the &struct demo_device
 * @mode: see &enum demo_mode
 *
 * Binds @dev in @mode; calls @dev->ops->start().
 *
 * Context: process context.
 * Return: 0 or -%ENODEV.
 */
int demo_probe(struct demo_device *dev, enum demo_mode mode)
{
	return 0;
}
EXPORT_SYMBOL_GPL(demo_probe);

/**
 * demo_remove() - unbind
 * @dev: the device
 */
void demo_remove(struct demo_device *dev)
{
}

/**
 * demo_internal() - not exported
 * @dev: the device
 * @...: more arguments
 */
static void demo_internal(struct demo_device *dev, ...)
{
}
