"""The fuzz suite: bad input of every kind, and interrupts at every line.

Two profiles (see ``profile.py``): a short one that ``./dev test`` and CI
run, and a long one to run by hand (``docs/bad-input.md``)."""
