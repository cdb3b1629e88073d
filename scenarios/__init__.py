"""Scenario files (1460, 1470, 1483) shipped inside the package as ``richard3.scenarios``."""
