"""The Game API every ruleset implements, game records and replay, agents' base.

The terminal, the automated players, the simulator and the store work on any
ruleset through :mod:`undercroft.engine.api` alone, without knowing its rules.
"""
