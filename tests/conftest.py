import os

# Qt needs a platform even when no test opens a window; offscreen works on machines without X.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
