"""The game in play: its config, state, actions, rules, views, agents and figures."""
