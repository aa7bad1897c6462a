/* SPDX-License-Identifier: GPL-2.0-only */
/* A header written for linuxdoc-builders' tests: every kind of comment. */

/**
 * DOC: Overview
 *
 * The demo driver shows every kind of kernel-doc comment.  See
 * &struct demo_device, &demo_device.ops and demo_probe().
 *
 * Example::
 *
 *	demo_probe(&dev, DEMO_ON);
 *	%NOT_HIGHLIGHTED @in_literal
 */

/**
 * struct demo_device - one demo device
 * @name: its name, at most %DEMO_MAX_NAME bytes
 * @regs: register window
 * @regs.base: first register
 * @regs.size: window size in bytes
 * @state: a nested union
 * @state.raw: as a word
 * @state.bits: as flags
 * @state.bits.ready: set when ready
 * @ops: callbacks, see &struct demo_ops
 * @mode: current mode
 *
 * Locking: none, the caller's @ops serialise.
 */
struct demo_device {
	const char *name;
	struct {
		void *base;
		unsigned long size;
	} regs;
	union {
		unsigned int raw;
		struct {
			unsigned int ready:1;
			unsigned int error:1;
		} bits;
	} state;
	const struct demo_ops *ops;
	enum demo_mode mode;
	/* private: */
	int secret;
};

/**
 * struct demo_ops - callbacks
 */
struct demo_ops {
	/**
	 * @start: start the device
	 */
	int (*start)(struct demo_device *dev);
	/** @stop: stop it */
	void (*stop)(struct demo_device *dev, int how);
};

/**
 * enum demo_mode - operating modes
 * @DEMO_OFF: powered down
 * @DEMO_ON: running
 */
enum demo_mode {
	DEMO_OFF,
	DEMO_ON,
};

/**
 * typedef demo_cb - completion callback
 * @dev: the device
 * @status: 0 or an error code
 *
 * Return: nothing useful
 */
typedef int (*demo_cb)(struct demo_device *dev, int status);

/**
 * typedef demo_flags_t - flag word
 */
typedef unsigned long demo_flags_t;

/**
 * DEMO_MAX_NAME - longest name
 */
#define DEMO_MAX_NAME 32

/**
 * demo_reg() - address of a register
 * @dev: the device
 * @off: offset
 */
#define demo_reg(dev, off) ((dev)->regs.base + (off))
