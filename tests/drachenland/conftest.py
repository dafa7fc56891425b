"""pytest setup for tests/drachenland: ``make_golden.py`` is a script, loaded by path in test_dl_golden.py.

It is kept out of ``--doctest-modules`` collection because tests/emerald has a ``make_golden.py`` too:
without packages under tests/, both would be imported as the one module ``make_golden``.
"""

collect_ignore = ["make_golden.py"]
