#!/bin/sh
# Hostile: exits with code 3 at once, after a word on stderr.
echo "giving up" >&2
exit 3
