// SPDX-License-Identifier: GPL-2.0-only
/*
 * The example driver whose comments driver-api/core.rst shows:
 * kernel-doc reads the comments that open with two stars.
 */

#include <linux/export.h>

/**
 * DOC: Overview
 *
 * A mydev device has one register block (see the register map).  A
 * driver enables it with mydev_enable() and takes it down again with
 * mydev_disable(); both run with the device's lock held.
 */

/**
 * struct mydev - one device
 * @base: the register block, mapped
 * @irq: its interrupt line
 * @enabled: whether mydev_enable() has run
 */
struct mydev {
	void __iomem *base;
	int irq;
	bool enabled;
};

/**
 * mydev_reset_hw() - reset the hardware
 * @dev: the device
 *
 * Sets bit 1 of CTRL and waits until STATUS reads ready.  Internal: the
 * exported functions call it.
 *
 * Return: 0, or -ETIMEDOUT when the device never becomes ready.
 */
static int mydev_reset_hw(struct mydev *dev)
{
	return 0;
}

/**
 * mydev_enable() - enable a device
 * @dev: the device, reset or not
 *
 * Context: process context; takes the device's lock.
 * Return: 0, or the error of mydev_reset_hw().
 */
int mydev_enable(struct mydev *dev)
{
	int ret = mydev_reset_hw(dev);

	dev->enabled = !ret;
	return ret;
}
EXPORT_SYMBOL(mydev_enable);

/**
 * mydev_disable() - disable a device
 * @dev: the device, enabled by mydev_enable()
 */
void mydev_disable(struct mydev *dev)
{
	dev->enabled = false;
}
EXPORT_SYMBOL(mydev_disable);
