"""Tests of the parts the app's windows share (editor/widgets/parts)."""
