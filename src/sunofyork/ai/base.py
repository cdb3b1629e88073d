"""The interface every Sun of York agent has, and the simplest agent (both in ``roses.agents``,
shared with Richard III)."""

from roses.agents import Agent, RandomAgent

__all__ = ["Agent", "RandomAgent"]
