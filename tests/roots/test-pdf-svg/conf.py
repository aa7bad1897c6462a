# SPDX-License-Identifier: GPL-2.0-only
#
# An SVG figure whose label is positioned as LibreOffice writes it: on
# a tspan around the tspan that holds the words.
extensions = ['linuxdoc_builders']
project = 'labels'
