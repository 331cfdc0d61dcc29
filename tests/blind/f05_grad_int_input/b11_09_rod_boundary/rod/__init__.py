"""Recover the boundary temperatures of a heated rod from interior thermocouples."""
