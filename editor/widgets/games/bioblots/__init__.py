"""Bio-blots (specs/bioblots.md) in the editor: the substances and both organisms."""
