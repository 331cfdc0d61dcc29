"""Steady-state drawdown of a confined aquifer pumped by several wells."""
