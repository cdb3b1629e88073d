"""The interface every agent has, and the simplest agent (both in ``roses.agents``, shared with
Sun of York)."""

from roses.agents import Agent, RandomAgent

__all__ = ["Agent", "RandomAgent"]
