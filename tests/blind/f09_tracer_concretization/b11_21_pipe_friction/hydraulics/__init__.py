"""Pipe-network sizing with the Colebrook-White friction factor."""
