"""Helpers shared by the tests: drivers, toy games, servers."""
