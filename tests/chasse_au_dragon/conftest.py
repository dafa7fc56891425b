"""pytest setup for tests/chasse_au_dragon: ``make_golden.py`` is a script, loaded by path in test_cd_golden.py.

It is kept out of ``--doctest-modules`` collection because tests/drachenland and tests/emerald have a
``make_golden.py`` too: without packages under tests/, all would be imported as the one module ``make_golden``.
"""

collect_ignore = ["make_golden.py"]
