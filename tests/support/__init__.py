"""Helpers shared by the tests: drivers, the toy game, servers."""
