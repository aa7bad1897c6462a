outside the source tree
